import type { AuthPort } from '../razorpay/types.ts';
import { AssistantError, corsHeaders, errorResponse, json } from './http.ts';
import { complete, type ModelConfig } from './model.ts';
import { buildMessages } from './prompt.ts';
import { type AssistantQuotaPort, DEFAULT_DAILY_QUOTA, secondsToIstMidnight } from './quota.ts';

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
  // The spec's words for a paid area without access.
  noAccess: 'A subscription is required to access this feature.',
  quotaReached: (limit: number) =>
    `You have asked the AI model ${limit} questions today, the daily limit. It resets at midnight IST.`,
  accessUnavailable: 'Your access could not be checked. Try again.',
} as const;

export interface AssistantDeps {
  auth: AuthPort;
  /** The server's access rule and the per-user daily count of model answers. */
  quota: AssistantQuotaPort;
  /** Model answers per user per IST day (default DEFAULT_DAILY_QUOTA). */
  dailyQuota?: number;
  clock?: () => Date;
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

  const limit = deps.dailyQuota ?? DEFAULT_DAILY_QUOTA;

  // Every question that reaches the model counts, answered or not: the model's owner pays for it either way.
  async function takeAnswer(userId: string): Promise<void> {
    let decision: Awaited<ReturnType<AssistantQuotaPort['take']>>;
    try {
      decision = await deps.quota.take(userId, limit);
    } catch (error) {
      log('access check failed', error);
      throw new AssistantError(502, 'access_unavailable', messages.accessUnavailable);
    }
    if (decision.allowed) return;
    if (decision.reason === 'no_access') throw new AssistantError(403, 'subscription_required', messages.noAccess);
    const retryAfter = secondsToIstMidnight(deps.clock?.() ?? new Date());
    throw new AssistantError(429, 'daily_quota_reached', messages.quotaReached(decision.limit), {
      'Retry-After': String(retryAfter),
    });
  }

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
    await takeAnswer(user.id);
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
