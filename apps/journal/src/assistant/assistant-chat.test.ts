import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatMessage } from '@bahi/ui';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  askModel,
  fetchModelStatus,
  insightHref,
  loadChat,
  MAX_STORED_MESSAGES,
  MODEL_UNREACHABLE,
  saveChat,
} from './assistant-chat';

describe('insightHref', () => {
  it('opens a trade in the trade form and groups in the trades list or analytics, with the shared filter codec', () => {
    expect(insightHref({ kind: 'trade', tradeId: 'T3', label: 'NIFTY on 3 Nov' })).toBe('/trades/T3');
    expect(
      insightHref({
        kind: 'trades',
        filter: { from: '2026-11-02', to: '2026-11-08', symbol: 'RELIANCE' },
        label: 'RELIANCE',
      }),
    ).toBe('/trades?from=2026-11-02&to=2026-11-08&symbol=RELIANCE');
    expect(insightHref({ kind: 'trades', filter: { playbookId: 'none' }, label: 'Trades' })).toBe(
      '/trades?playbook=none',
    );
    expect(insightHref({ kind: 'analytics', filter: {}, label: 'Open in analytics' })).toBe('/analytics');
  });
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the conversation kept for the session', () => {
  const message = (i: number): ChatMessage => ({ id: `m${i}`, role: 'user', text: `question ${i}` });

  it('is kept per user and comes back as saved', () => {
    const storage = memoryStorage();
    saveChat(storage, 'user-a', { messages: [message(1)], useModel: true });
    expect(loadChat(storage, 'user-a')).toEqual({ messages: [message(1)], useModel: true });
    expect(loadChat(storage, 'user-b')).toEqual({ messages: [], useModel: false });
    expect(loadChat(storage, undefined)).toEqual({ messages: [], useModel: false });
  });

  it(`keeps the last ${MAX_STORED_MESSAGES} messages, forgets a cleared one, and survives a corrupt entry`, () => {
    const storage = memoryStorage();
    const many = Array.from({ length: 65 }, (_, i) => message(i));
    saveChat(storage, 'user-a', { messages: many, useModel: false });
    const kept = loadChat(storage, 'user-a').messages;
    expect(kept).toHaveLength(60);
    expect(kept[0]?.id).toBe('m5');
    saveChat(storage, 'user-a', { messages: [], useModel: false });
    expect(storage.items.size).toBe(0);
    storage.setItem('bahi.assistant.user-a', '{not json');
    expect(loadChat(storage, 'user-a')).toEqual({ messages: [], useModel: false });
  });
});

// The real supabase-js client against a local HTTP server playing /functions/v1/assistant.
describe('the assistant function from the app', () => {
  let server: Server;
  let url: string;
  const received: { method: string; body: string }[] = [];
  let reply: { status: number; body: unknown } = { status: 503, body: { error: 'assistant_not_configured' } };
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      received.push({ method: req.method ?? '', body });
      res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const client = () =>
    createClient(url, 'anon-key', {
      auth: { persistSession: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });

  it('a 503 means built-in only; a configured model is "available"', async () => {
    reply = { status: 503, body: { error: 'assistant_not_configured', message: 'not configured' } };
    expect(await fetchModelStatus(client())).toBe('unavailable');
    reply = { status: 200, body: { configured: true } };
    expect(await fetchModelStatus(client())).toBe('available');
    expect(received.slice(-2).map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('posts the question with the figures and returns the answer, or the function’s message on failure', async () => {
    reply = { status: 200, body: { answer: 'ORB is your best setup.' } };
    const context = { trades: 7, answers: [] };
    expect(await askModel(client(), 'best setups?', context)).toBe('ORB is your best setup.');
    expect(JSON.parse(received.at(-1)?.body ?? '{}')).toEqual({ question: 'best setups?', context });
    reply = { status: 504, body: { error: 'upstream_timeout', message: 'The assistant took too long to answer.' } };
    await expect(askModel(client(), 'best setups?', context)).rejects.toThrow('The assistant took too long to answer.');
    reply = { status: 502, body: 'not an object' };
    await expect(askModel(client(), 'best setups?', context)).rejects.toThrow(MODEL_UNREACHABLE);
  });
});
