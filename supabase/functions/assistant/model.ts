// The call to an OpenAI-compatible chat completions API, with a time limit and every failure turned into an
// AssistantError the browser can show.

import { AssistantError } from './http.ts';

export interface ModelConfig {
  /** Base URL, e.g. https://api.openai.com/v1 (the request goes to `${url}/chat/completions`). */
  url: string;
  key: string;
  model: string;
}

/** The model settings, or null unless ASSISTANT_API_URL, ASSISTANT_API_KEY and ASSISTANT_MODEL are all set. */
export function modelConfig(env: (name: string) => string | undefined): ModelConfig | null {
  const url = env('ASSISTANT_API_URL')?.trim();
  const key = env('ASSISTANT_API_KEY')?.trim();
  const model = env('ASSISTANT_MODEL')?.trim();
  if (!url || !key || !model) return null;
  return { url: url.replace(/\/+$/, ''), key, model };
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export const modelErrors = {
  timeout: 'The assistant took too long to answer. Try again, or use the built-in answers.',
  unreachable: "The assistant's model service could not be reached. Try again later.",
  refused: "The assistant's model service refused the server's key. Tell the site's administrator.",
  busy: 'The assistant is busy. Try again in a minute.',
  failed: "The assistant's model service failed. Try again later.",
  unreadable: "The model service's answer could not be read. Try again.",
} as const;

/** Sends the messages and returns the first choice's text. */
export async function complete(
  config: ModelConfig,
  messages: ChatMessage[],
  options: { fetch?: typeof fetch; timeoutMs: number; maxTokens: number },
): Promise<string> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${config.url}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: config.model, messages, temperature: 0.2, max_tokens: options.maxTokens }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new AssistantError(504, 'upstream_timeout', modelErrors.timeout);
    throw new AssistantError(502, 'upstream_unreachable', modelErrors.unreachable);
  }
  if (!response.ok) {
    await response.body?.cancel();
    if (response.status === 401 || response.status === 403) {
      throw new AssistantError(502, 'upstream_refused', modelErrors.refused);
    }
    if (response.status === 429) throw new AssistantError(429, 'upstream_busy', modelErrors.busy);
    throw new AssistantError(502, 'upstream_failed', modelErrors.failed);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new AssistantError(504, 'upstream_timeout', modelErrors.timeout);
    throw new AssistantError(502, 'upstream_unreadable', modelErrors.unreadable);
  }
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) {
    throw new AssistantError(502, 'upstream_unreadable', modelErrors.unreadable);
  }
  return content.trim();
}
