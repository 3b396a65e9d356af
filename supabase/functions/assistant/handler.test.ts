import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../razorpay/fakes.test-support.ts';
import { createAssistantHandler, LIMITS } from './handler.ts';
import { completion, sendJson, startModelServer } from './model-server.test-support.ts';
import { SYSTEM_PROMPT } from './prompt.ts';
import type { AssistantQuotaPort, QuotaDecision } from './quota.ts';

const URL_BASE = 'http://127.0.0.1:54321/functions/v1/assistant';
const FIGURES = {
  topic: 'setups',
  text: 'Best setup: ORB, +₹1,600 over 4 trades (75% won).',
  figures: [{ label: 'ORB', value: 1600, unit: 'inr', n: 4, winRate: 0.75 }],
};

let model: Awaited<ReturnType<typeof startModelServer>>;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());
beforeEach(() => {
  model.received.length = 0;
  model.reply.current = (_req, res) => sendJson(res, 200, completion('ORB is your best setup: +₹1,600 over 4 trades.'));
});

/**
 * The server's rule in memory: user-a has access, user-b has none; answers are counted per user against the
 * handler's limit. `down` makes the check fail as a database outage would.
 */
function fakeQuota(state: { down?: boolean } = {}) {
  const used = new Map<string, number>();
  const calls: Array<[string, number]> = [];
  const quota: AssistantQuotaPort = {
    async take(userId, limit): Promise<QuotaDecision> {
      calls.push([userId, limit]);
      if (state.down) throw new Error('connection refused');
      if (userId !== 'user-a') return { allowed: false, reason: 'no_access', limit };
      const n = used.get(userId) ?? 0;
      if (n >= limit) return { allowed: false, reason: 'quota', limit };
      used.set(userId, n + 1);
      return { allowed: true, used: n + 1, limit };
    },
  };
  return { quota, calls, state };
}

function setup(
  options: { configured?: boolean; timeoutMs?: number; url?: string; dailyQuota?: number; now?: Date } = {},
) {
  const auth = fakeAuth({ 'token-a': { id: 'user-a' }, 'token-b': { id: 'user-b' } });
  const quota = fakeQuota();
  const log = vi.fn();
  const handler = createAssistantHandler({
    auth,
    quota: quota.quota,
    dailyQuota: options.dailyQuota,
    clock: options.now ? () => options.now as Date : undefined,
    model:
      options.configured === false
        ? null
        : { url: options.url ?? `${model.url}/v1`, key: 'sk-test-0001', model: 'test-model' },
    timeoutMs: options.timeoutMs,
    log,
  });
  const call = async (body: unknown, init: { token?: string | null; method?: string } = {}) => {
    const token = init.token === undefined ? 'token-a' : init.token;
    const method = init.method ?? 'POST';
    const response = await handler(
      new Request(URL_BASE, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        ...(method === 'GET' || method === 'OPTIONS'
          ? {}
          : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, response };
  };
  return { call, auth, log, quota };
}

describe('assistant function without a model configured', () => {
  it('answers a question 503 assistant_not_configured, GET configured: false, and sends nothing anywhere, not even to the auth server', async () => {
    const { call, auth } = setup({ configured: false });
    const post = await call({ question: 'What are my best setups?', context: FIGURES });
    expect(post.status).toBe(503);
    expect(post.body).toMatchObject({ error: 'assistant_not_configured' });
    const get = await call(undefined, { method: 'GET' });
    expect(get).toMatchObject({ status: 200, body: { configured: false } });
    expect(model.received).toEqual([]);
    expect(auth.calls).toEqual([]);
  });
});

describe('assistant function with a model', () => {
  it('GET tells a signed-in caller that a model is configured, without calling it', async () => {
    const { call } = setup();
    expect(await call(undefined, { method: 'GET' })).toMatchObject({ status: 200, body: { configured: true } });
    expect(model.received).toEqual([]);
  });

  it('forwards the question and the figures to <url>/chat/completions with the system prompt', async () => {
    const { call } = setup();
    const result = await call({ question: '  What are my best setups?  ', context: FIGURES });
    expect(result).toMatchObject({
      status: 200,
      body: { answer: 'ORB is your best setup: +₹1,600 over 4 trades.' },
    });
    expect(model.received).toHaveLength(1);
    const [sent] = model.received;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.authorization).toBe('Bearer sk-test-0001');
    const body = JSON.parse(sent?.body ?? '{}');
    expect(body.model).toBe('test-model');
    expect(body.messages).toEqual([
      { role: 'system', content: SYSTEM_PROMPT },
      {
        role: 'user',
        content: `Question: What are my best setups?\n\nFigures from my journal (JSON):\n${JSON.stringify(FIGURES)}`,
      },
    ]);
  });

  it('refuses callers without a valid session before sending anything', async () => {
    const { call } = setup();
    expect(await call({ question: 'hi' }, { token: null })).toMatchObject({
      status: 401,
      body: { error: 'missing_token' },
    });
    expect(await call({ question: 'hi' }, { token: 'expired' })).toMatchObject({
      status: 401,
      body: { error: 'invalid_session' },
    });
    expect(await call({ question: 'hi' }, { token: 'auth-down' })).toMatchObject({
      status: 502,
      body: { error: 'auth_unavailable' },
    });
    expect(model.received).toEqual([]);
  });

  it('checks the request before sending anything: question present, at most 500 characters, figures small', async () => {
    const { call } = setup();
    expect(await call('not json')).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
    expect(await call([1, 2])).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
    expect(await call({ question: '   ' })).toMatchObject({ status: 400, body: { error: 'question_missing' } });
    expect(await call({ question: 'x'.repeat(LIMITS.questionChars + 1) })).toMatchObject({
      status: 413,
      body: { error: 'question_too_long', message: 'A question can be at most 500 characters.' },
    });
    const rows = Array.from({ length: 400 }, (_, i) => ({ label: `Symbol ${i}`, value: i, unit: 'inr', n: 1 }));
    expect(await call({ question: 'best symbols?', context: { figures: rows } })).toMatchObject({
      status: 413,
      body: { error: 'context_too_large' },
    });
    expect(model.received).toEqual([]);
    // Exactly 500 characters is allowed.
    expect((await call({ question: 'x'.repeat(LIMITS.questionChars) })).status).toBe(200);
  });

  it('answers preflights and refuses other methods', async () => {
    const { call } = setup();
    const preflight = await call(undefined, { method: 'OPTIONS', token: null });
    expect(preflight.status).toBe(204);
    expect(preflight.response.headers.get('Access-Control-Allow-Methods')).toBe('GET, POST, OPTIONS');
    expect(await call({ question: 'hi' }, { method: 'PUT' })).toMatchObject({
      status: 405,
      body: { error: 'method_not_allowed' },
    });
  });
});

describe('assistant function: the server decides who may ask, and how often', () => {
  const QUESTION = { question: 'What are my best setups?', context: FIGURES };

  it("refuses a trader without access (403, the spec's words) and sends nothing to the model", async () => {
    const { call } = setup();
    expect(await call(QUESTION, { token: 'token-b' })).toMatchObject({
      status: 403,
      body: { error: 'subscription_required', message: 'A subscription is required to access this feature.' },
    });
    expect(model.received).toEqual([]);
  });

  it('answers up to the daily quota, then 429 with a clear message and Retry-After until midnight IST', async () => {
    // 23:59 in India (18:29 UTC): the count starts again in 60 seconds.
    const { call, quota } = setup({ dailyQuota: 2, now: new Date('2026-11-25T18:29:00Z') });
    expect((await call(QUESTION)).status).toBe(200);
    expect((await call(QUESTION)).status).toBe(200);
    const third = await call(QUESTION);
    expect(third).toMatchObject({
      status: 429,
      body: {
        error: 'daily_quota_reached',
        message: 'You have asked the AI model 2 questions today, the daily limit. It resets at midnight IST.',
      },
    });
    expect(third.response.headers.get('Retry-After')).toBe('60');
    expect(third.response.headers.get('Access-Control-Expose-Headers')).toBe('Retry-After');
    expect(model.received).toHaveLength(2);
    expect(quota.calls).toEqual([
      ['user-a', 2],
      ['user-a', 2],
      ['user-a', 2],
    ]);
  });

  it('uses 50 answers a day when no quota is configured', async () => {
    const { call, quota } = setup();
    await call(QUESTION);
    expect(quota.calls).toEqual([['user-a', 50]]);
  });

  it('does not count a question refused for its own fault, or a GET', async () => {
    const { call, quota } = setup();
    await call({ question: '' });
    await call('not json');
    await call({ question: 'x'.repeat(LIMITS.questionChars + 1) });
    await call(undefined, { method: 'GET' });
    expect(quota.calls).toEqual([]);
  });

  it('fails closed when access cannot be checked (502) and sends nothing to the model', async () => {
    const { call, quota, log } = setup();
    quota.state.down = true;
    expect(await call(QUESTION)).toMatchObject({
      status: 502,
      body: { error: 'access_unavailable', message: 'Your access could not be checked. Try again.' },
    });
    expect(model.received).toEqual([]);
    expect(log).toHaveBeenCalledWith('access check failed', expect.any(Error));
  });
});

describe('assistant function: the model failing', () => {
  it('times out a model that does not answer in time (504)', async () => {
    model.reply.current = async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (!res.destroyed) sendJson(res, 200, completion('too late'));
    };
    const { call } = setup({ timeoutMs: 150 });
    const started = Date.now();
    expect(await call({ question: 'best setups?' })).toMatchObject({
      status: 504,
      body: {
        error: 'upstream_timeout',
        message: 'The assistant took too long to answer. Try again, or use the built-in answers.',
      },
    });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it.each([
    [
      401,
      502,
      'upstream_refused',
      "The assistant's model service refused the server's key. Tell the site's administrator.",
    ],
    [429, 429, 'upstream_busy', 'The assistant is busy. Try again in a minute.'],
    [500, 502, 'upstream_failed', "The assistant's model service failed. Try again later."],
  ])('maps a model answering %i to %i %s', async (upstream, status, error, message) => {
    model.reply.current = (_req, res) => sendJson(res, upstream, { error: { message: 'secret upstream detail' } });
    const { call } = setup();
    const result = await call({ question: 'best setups?' });
    expect(result).toMatchObject({ status, body: { error, message } });
    expect(JSON.stringify(result.body)).not.toContain('secret upstream detail');
  });

  it('reports an answer it cannot read, and a model it cannot reach', async () => {
    model.reply.current = (_req, res) => sendJson(res, 200, { choices: [] });
    expect(await setup().call({ question: 'best setups?' })).toMatchObject({
      status: 502,
      body: { error: 'upstream_unreadable' },
    });
    model.reply.current = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"choices": [');
    };
    expect(await setup().call({ question: 'best setups?' })).toMatchObject({
      status: 502,
      body: { error: 'upstream_unreadable' },
    });
    // Port 9 (discard) on localhost: nothing listens there.
    expect(await setup({ url: 'http://127.0.0.1:9/v1' }).call({ question: 'best setups?' })).toMatchObject({
      status: 502,
      body: { error: 'upstream_unreachable' },
    });
  });
});
