import type { AuthPort } from '../razorpay/types.ts';
import { AssistantError, corsHeaders, errorResponse, json } from './http.ts';
import { complete, type ModelConfig } from './model.ts';
import { buildMessages } from './prompt.ts';

/** Caps that keep a request (and so the bill of the model's owner) small. */
export const LIMITS = {
  questionChars: 500,
  /** The engine's figures as JSON: a few dozen rows, never the journal itself. */
  contextBytes: 16_000,
  bodyBytes: 20_000,
  timeoutMs: 20_000,
  maxTokens: 400,
} as const;

export const messages = {
  notConfigured: 'The assistant has no model configured on the server: answers come from your journal on this device.',
  missingToken: 'Missing bearer token',
  invalidSession: 'Invalid or expired session',
  authUnavailable: 'Your session could not be checked. Try again.',
  invalidJson: 'The request body must be a JSON object with a question.',
  questionMissing: 'Ask a question.',
  questionTooLong: `A question can be at most ${LIMITS.questionChars} characters.`,
  contextTooLarge: 'Too many figures were sent with the question.',
  methodNotAllowed: 'Method not allowed',
} as const;

export interface AssistantDeps {
  auth: AuthPort;
  /** Null unless the server has a model configured: then nothing is sent anywhere. */
  model: ModelConfig | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

function bearer(request: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec((request.headers.get('Authorization') ?? '').trim());
  if (!match?.[1]) throw new AssistantError(401, 'missing_token', messages.missingToken);
  return match[1];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `assistant` edge function: GET says whether a model is configured ({configured}), POST {question, context} forwards the
 * question and the browser's computed figures to the model and answers {answer}. Without a model it answers 503
 * `assistant_not_configured` before reading anything, so nothing leaves the server.
 */
export function createAssistantHandler(deps: AssistantDeps): (request: Request) => Promise<Response> {
  const log = deps.log ?? ((message: string, detail?: unknown) => console.error(`[assistant] ${message}`, detail));

  async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders });
    if (request.method !== 'GET' && request.method !== 'POST') {
      throw new AssistantError(405, 'method_not_allowed', messages.methodNotAllowed);
    }
    const model = deps.model;
    // The question "is there a model?" is not an error when there is none: the app then answers on the device.
    if (!model && request.method === 'GET') return json({ configured: false });
    if (!model) throw new AssistantError(503, 'assistant_not_configured', messages.notConfigured);

    const token = bearer(request);
    let user: Awaited<ReturnType<AuthPort['getUser']>>;
    try {
      user = await deps.auth.getUser(token);
    } catch (error) {
      log('session check failed', error);
      throw new AssistantError(502, 'auth_unavailable', messages.authUnavailable);
    }
    if (!user) throw new AssistantError(401, 'invalid_session', messages.invalidSession);
    if (request.method === 'GET') return json({ configured: true });

    const raw = await request.text();
    if (raw.length > LIMITS.bodyBytes) throw new AssistantError(413, 'context_too_large', messages.contextTooLarge);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new AssistantError(400, 'invalid_json', messages.invalidJson);
    }
    if (!isRecord(body)) throw new AssistantError(400, 'invalid_json', messages.invalidJson);
    const question = typeof body.question === 'string' ? body.question.trim() : '';
    if (!question) throw new AssistantError(400, 'question_missing', messages.questionMissing);
    if (question.length > LIMITS.questionChars) {
      throw new AssistantError(413, 'question_too_long', messages.questionTooLong);
    }
    const context = body.context ?? {};
    if (JSON.stringify(context).length > LIMITS.contextBytes) {
      throw new AssistantError(413, 'context_too_large', messages.contextTooLarge);
    }
    const answer = await complete(model, buildMessages(question, context), {
      fetch: deps.fetch,
      timeoutMs: deps.timeoutMs ?? LIMITS.timeoutMs,
      maxTokens: LIMITS.maxTokens,
    });
    return json({ answer });
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof AssistantError) {
        if (error.code.startsWith('upstream_')) log(error.code, error.message);
        return errorResponse(error);
      }
      log('unexpected error', error);
      return json({ error: 'internal', message: 'Internal error' }, 500);
    }
  };
}
