import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../auth/testing/harness.ts';
import { createKeys } from '../jwt.ts';
import type { Database, ServiceContext } from '../types.ts';
import { createMailbox, linksOf, parseQuery } from './index.ts';

let db: Database;
let mailbox: Awaited<ReturnType<typeof createMailbox>>;
let ctx: ServiceContext;

beforeAll(async () => {
  db = await createTestDatabase();
  mailbox = await createMailbox(db);
  const config = testConfig();
  ctx = { db, config, keys: await createKeys(config), mail: mailbox, apiUrl: 'http://127.0.0.1:54321' };
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const call = (path: string, init?: RequestInit) =>
  mailbox.handle(new Request(`http://127.0.0.1:54321${path}`, init), ctx);

async function listJson(path: string) {
  return (await (await call(path)).json()) as {
    total: number;
    messages_count: number;
    messages: { ID: string; Subject: string; To: { Address: string }[]; Snippet: string; Created: string }[];
  };
}

describe('the inbox', () => {
  it('stores messages and lists them newest first, filtered by recipient', async () => {
    await call('/api/v1/messages', { method: 'DELETE' });
    await mailbox.send({
      to: 'asha@example.com',
      subject: 'Confirm Your Signup',
      html: '<p><a href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=signup">Confirm</a></p>',
      text: 'Follow this link: http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup',
    });
    await mailbox.send({
      to: 'ravi@example.com',
      subject: 'Reset Your Password',
      html: '<p>no link</p>',
      text: 'code 123456',
    });
    await mailbox.send({ to: 'Asha@Example.com', subject: 'Your Magic Link', html: '<p>x</p>', text: 'magic' });

    const all = await listJson('/api/v1/messages');
    expect(all.total).toBe(3);
    expect(all.messages.map((m) => m.Subject)).toEqual([
      'Your Magic Link',
      'Reset Your Password',
      'Confirm Your Signup',
    ]);
    expect(all.messages[1]).toMatchObject({ To: [{ Address: 'ravi@example.com' }], Snippet: 'code 123456' });
    expect(new Date(all.messages[0]!.Created).getTime()).toBeGreaterThanOrEqual(
      new Date(all.messages[2]!.Created).getTime(),
    );

    const asha = await listJson('/api/v1/messages?query=to:asha@example.com');
    expect(asha.messages.map((m) => m.Subject)).toEqual(['Your Magic Link', 'Confirm Your Signup']);
    expect(asha.messages_count).toBe(2);
    const ravi = await listJson('/api/v1/messages?to=ravi@example.com');
    expect(ravi.messages.map((m) => m.Subject)).toEqual(['Reset Your Password']);
    const search = await listJson(`/api/v1/search?query=${encodeURIComponent('subject:"magic link"')}`);
    expect(search.messages.map((m) => m.Subject)).toEqual(['Your Magic Link']);
  });

  it('shows one message with its text, HTML and links', async () => {
    const confirm = (await listJson('/api/v1/messages?query=to:asha@example.com')).messages[1]!;
    const res = await call(`/api/v1/message/${confirm.ID}`);
    expect(res.status).toBe(200);
    const message = (await res.json()) as Record<string, unknown>;
    expect(message).toMatchObject({
      ID: confirm.ID,
      Subject: 'Confirm Your Signup',
      To: [{ Address: 'asha@example.com' }],
      From: { Address: 'admin@email.com' },
      Links: ['http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup'],
    });
    expect(message.Text).toContain('Follow this link');
    expect(message.HTML).toContain('<a href=');
    expect((await call('/api/v1/message/nope')).status).toBe(404);
  });

  it('serves an accessible HTML page listing messages and their links', async () => {
    const res = await call('/inbox');
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Inbox</h1>');
    expect(page).toContain('<caption>3 messages, newest first</caption>');
    expect(page).toContain('<th scope="col">Subject</th>');
    expect(page).toContain('href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=signup"');
    expect(page).toContain('<label for="to">');
    const filtered = await (await call('/inbox?to=ravi@example.com')).text();
    expect(filtered).toContain('Reset Your Password');
    expect(filtered).not.toContain('Confirm Your Signup');

    const id = (await listJson('/api/v1/messages?to=ravi@example.com')).messages[0]!.ID;
    const detail = await (await call(`/inbox/${id}`)).text();
    expect(detail).toContain('<h1>Reset Your Password</h1>');
    expect(detail).toContain('code 123456');
  });

  it('escapes what it shows', async () => {
    await mailbox.send({ to: 'x@example.com', subject: '<script>alert(1)</script>', html: '', text: '<b>' });
    const page = await (await call('/inbox')).text();
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('deletes messages by ID and clears everything', async () => {
    const before = await listJson('/api/v1/messages');
    const first = before.messages[0]!.ID;
    await call('/api/v1/messages', { method: 'DELETE', body: JSON.stringify({ IDs: [first] }) });
    expect((await listJson('/api/v1/messages')).total).toBe(before.total - 1);
    const cleared = await call('/api/v1/messages', { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect((await listJson('/api/v1/messages')).total).toBe(0);
    expect(await (await call('/inbox')).text()).toContain('No messages yet');
  });
});

describe('the bootstrap SQL', () => {
  it('runs again without error (it runs on every boot)', async () => {
    const sql = readFileSync(fileURLToPath(new URL('../sql/20-auth.sql', import.meta.url)), 'utf8');
    await expect(db.exec(sql)).resolves.toBeUndefined();
    await expect(createMailbox(db)).resolves.toBeDefined();
  });
});

describe('helpers', () => {
  it('parse Mailpit-style queries', () => {
    expect(parseQuery('to:a@b.co subject:"Reset Your" hello')).toEqual({
      to: 'a@b.co',
      subject: 'Reset Your',
      words: ['hello'],
    });
  });

  it('find links in HTML first, else in text', () => {
    expect(linksOf({ html: `<a href='https://x.test/a?b=1&amp;c=2'>x</a>`, body_text: 'https://y.test' })).toEqual([
      'https://x.test/a?b=1&c=2',
    ]);
    expect(linksOf({ html: '', body_text: 'go to https://y.test/path?q=1 now' })).toEqual(['https://y.test/path?q=1']);
  });
});
