// The local inbox: auth mail lands in `_local.mail` instead of being sent. People read it at /inbox,
// tests through a Mailpit-like JSON API under /api/v1.

import { randomBytes } from 'node:crypto';
import type { Database, Mailer, MailMessage, ServiceHandler } from '../types.ts';
import { inboxPage, messagePage } from './page.ts';

/** The sender the Supabase CLI's local stack uses by default. */
export const SENDER = { Name: 'Admin', Address: 'admin@email.com' };

export interface StoredMessage {
  id: string;
  sender: string;
  recipient: string;
  subject: string;
  html: string;
  body_text: string;
  read: boolean;
  created_at: Date | string;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function newId(): string {
  const bytes = randomBytes(22);
  let id = '';
  for (const b of bytes) id += ID_ALPHABET[b % ID_ALPHABET.length];
  return id;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The links of a message: href targets in its HTML, else URLs in its text. */
export function linksOf(message: { html: string; body_text: string }): string[] {
  const links = new Set<string>();
  for (const match of message.html.matchAll(/href\s*=\s*"([^"]*)"|href\s*=\s*'([^']*)'/gi)) {
    const raw = match[1] ?? match[2] ?? '';
    links.add(raw.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity));
  }
  if (links.size === 0) for (const match of message.body_text.matchAll(/https?:\/\/[^\s<>"')]+/g)) links.add(match[0]);
  return [...links];
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 250 ? `${flat.slice(0, 250)}…` : flat;
}

function summary(m: StoredMessage) {
  return {
    ID: m.id,
    MessageID: `${m.id}@supabase-local`,
    Read: m.read,
    From: SENDER,
    To: [{ Name: '', Address: m.recipient }],
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: m.subject,
    Created: iso(m.created_at),
    Tags: [],
    Size: Buffer.byteLength(m.html) + Buffer.byteLength(m.body_text),
    Attachments: 0,
    Snippet: snippet(m.body_text),
  };
}

function detail(m: StoredMessage) {
  const { Created, Snippet: _snippet, Read: _read, ...rest } = summary(m);
  return {
    ...rest,
    ReturnPath: SENDER.Address,
    Date: Created,
    Text: m.body_text,
    HTML: m.html,
    Inline: [],
    Attachments: [],
    /** Not in Mailpit: the message's links, so that a test can follow one. */
    Links: linksOf(m),
  };
}

interface Filter {
  to?: string;
  subject?: string;
  words: string[];
}

/** Mailpit's search syntax, the parts that matter here: `to:addr`, `subject:"…"`, and plain words. */
export function parseQuery(query: string): Filter {
  const filter: Filter = { words: [] };
  for (const match of query.matchAll(/(\w+):"([^"]*)"|(\w+):(\S+)|"([^"]*)"|(\S+)/g)) {
    const key = (match[1] ?? match[3])?.toLowerCase();
    const value = match[2] ?? match[4] ?? match[5] ?? match[6] ?? '';
    if (key === 'to') filter.to = value;
    else if (key === 'subject') filter.subject = value;
    else filter.words.push(key ? `${key}:${value}` : value);
  }
  return filter;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

export async function createMailbox(db: Database): Promise<Mailer & { handle: ServiceHandler }> {
  await db.exec(`
    create schema if not exists _local;
    create table if not exists _local.mail (
      id text primary key,
      sender text not null,
      recipient text not null,
      subject text not null,
      html text not null,
      body_text text not null,
      read boolean not null default false,
      created_at timestamptz not null default clock_timestamp()
    );
    alter table _local.mail add column if not exists seq bigserial;
  `);

  async function list(filter: Filter, limit: number, start: number) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.to) {
      params.push(filter.to.toLowerCase());
      where.push(`lower(recipient) = $${params.length}`);
    }
    if (filter.subject) {
      params.push(`%${filter.subject.toLowerCase()}%`);
      where.push(`lower(subject) like $${params.length}`);
    }
    for (const word of filter.words) {
      params.push(`%${word.toLowerCase()}%`);
      where.push(`(lower(subject) like $${params.length} or lower(body_text) like $${params.length})`);
    }
    const condition = where.length ? `where ${where.join(' and ')}` : '';
    const total = await db.query<{ total: number; unread: number }>(
      'select count(*)::int as total, count(*) filter (where not read)::int as unread from _local.mail',
    );
    const matched = await db.query<{ n: number }>(`select count(*)::int as n from _local.mail ${condition}`, params);
    const rows = await db.query<StoredMessage>(
      `select * from _local.mail ${condition} order by seq desc limit ${limit} offset ${start}`,
      params,
    );
    return {
      total: total.rows[0]?.total ?? 0,
      unread: total.rows[0]?.unread ?? 0,
      count: rows.rows.length,
      messages_count: matched.rows[0]?.n ?? 0,
      start,
      tags: [],
      messages: rows.rows.map(summary),
    };
  }

  async function find(id: string): Promise<StoredMessage | undefined> {
    if (id === 'latest') {
      return (await db.query<StoredMessage>('select * from _local.mail order by seq desc limit 1')).rows[0];
    }
    return (await db.query<StoredMessage>('select * from _local.mail where id = $1', [id])).rows[0];
  }

  function filterOf(url: URL): Filter {
    const filter = parseQuery(url.searchParams.get('query') ?? '');
    const to = url.searchParams.get('to');
    if (to) filter.to = to;
    return filter;
  }

  function bounds(url: URL) {
    const limit = Math.min(Math.max(Number.parseInt(url.searchParams.get('limit') ?? '50', 10) || 50, 1), 1000);
    const start = Math.max(Number.parseInt(url.searchParams.get('start') ?? '0', 10) || 0, 0);
    return { limit, start };
  }

  const handle: ServiceHandler = async (req) => {
    const url = new URL(req.url);
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method;

    if (path === '/inbox' && method === 'GET') {
      const filter = filterOf(url);
      const { messages } = await list(filter, 200, 0);
      const full = await Promise.all(messages.map((m) => find(m.ID)));
      const shown = full.filter((m): m is StoredMessage => m !== undefined).map((m) => ({ ...m, links: linksOf(m) }));
      return html(inboxPage(shown, url.searchParams.get('to') ?? ''));
    }
    const page = /^\/inbox\/([\w-]+)$/.exec(path);
    if (page && method === 'GET') {
      const message = await find(page[1]!);
      if (!message) return html('<!doctype html><title>Not found</title><p>No such message.</p>', 404);
      await db.query('update _local.mail set read = true where id = $1', [message.id]);
      return html(messagePage(message, linksOf(message)));
    }

    if ((path === '/api/v1/messages' || path === '/api/v1/search') && method === 'GET') {
      const { limit, start } = bounds(url);
      return json(await list(filterOf(url), limit, start));
    }
    if (path === '/api/v1/messages' && method === 'DELETE') {
      // Mailpit: a body `{"IDs": [...]}` deletes those messages, no body deletes them all.
      const body = (await req.json().catch(() => ({}))) as { IDs?: unknown };
      const ids = Array.isArray(body.IDs) ? body.IDs.filter((id): id is string => typeof id === 'string') : undefined;
      if (ids) await db.query('delete from _local.mail where id = any($1::text[])', [ids]);
      else await db.query('delete from _local.mail');
      return new Response('ok', { status: 200, headers: { 'Content-Type': 'text/plain' } });
    }
    if (path === '/api/v1/search' && method === 'DELETE') {
      const filter = filterOf(url);
      if (filter.to) await db.query('delete from _local.mail where lower(recipient) = $1', [filter.to.toLowerCase()]);
      else await db.query('delete from _local.mail');
      return new Response('ok', { status: 200, headers: { 'Content-Type': 'text/plain' } });
    }
    const one = /^\/api\/v1\/message\/([\w-]+)$/.exec(path);
    if (one && method === 'GET') {
      const message = await find(one[1]!);
      if (!message)
        return new Response('message not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
      await db.query('update _local.mail set read = true where id = $1', [message.id]);
      return json(detail(message));
    }
    if (one && method === 'DELETE') {
      await db.query('delete from _local.mail where id = $1', [one[1]]);
      return new Response('ok', { status: 200, headers: { 'Content-Type': 'text/plain' } });
    }
    return json({ error: 'not found' }, 404);
  };

  return {
    async send(message: MailMessage) {
      await db.query(
        'insert into _local.mail (id, sender, recipient, subject, html, body_text) values ($1, $2, $3, $4, $5, $6)',
        [newId(), SENDER.Address, message.to, message.subject, message.html, message.text],
      );
    },
    handle,
  };
}
