// Realtime from a browser: supabase-js's own browser build (its UMD bundle, unchanged) in Debian Chromium subscribes
// with channel() over the browser's WebSocket, and receives a broadcast and a committed insert made from Node.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { type Browser, chromium, type Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../config.ts';
import { makeWorkdir } from '../rest/fixture.ts';
import { type RunningServer, startServer } from '../server.ts';

const MIGRATION = `
create table public.messages (id int primary key, body text not null);
grant select, insert on public.messages to anon;
alter publication supabase_realtime add table public.messages;
`;

const umd = join(dirname(createRequire(import.meta.url).resolve('@supabase/supabase-js')), 'umd', 'supabase.js');

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const workdir = makeWorkdir({ 'supabase/migrations/20240101000000_messages.sql': MIGRATION });
  server = await startServer(await loadConfig({ workdir, port: 0 }));
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  page = await browser.newPage();
  // A page of the stack's own origin (its mail inbox), with supabase-js's browser build added to it.
  await page.goto(`${server.url}/inbox`);
  await page.addScriptTag({ path: umd });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('a channel in the browser gets a broadcast and a committed insert sent from Node', async () => {
  const status = await page.evaluate(
    ({ url, key }) =>
      new Promise<string>((resolve) => {
        const { createClient } = (window as unknown as { supabase: typeof import('@supabase/supabase-js') }).supabase;
        const client = createClient(url, key);
        const seen: unknown[] = [];
        (window as unknown as { seen: unknown[] }).seen = seen;
        client
          .channel('room')
          .on('broadcast', { event: 'greeting' }, ({ payload }) => seen.push({ broadcast: payload }))
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, ({ new: row }) =>
            seen.push({ insert: row }),
          )
          .subscribe((state) => {
            if (state !== 'CHANNEL_ERROR' && state !== 'TIMED_OUT' && state !== 'SUBSCRIBED') return;
            resolve(state);
          });
      }),
    { url: server.url, key: server.anonKey },
  );
  expect(status).toBe('SUBSCRIBED');

  const node = createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const sender = node.channel('room');
  await new Promise<void>((resolve) => sender.subscribe((state) => state === 'SUBSCRIBED' && resolve()));
  expect(await sender.send({ type: 'broadcast', event: 'greeting', payload: { text: 'namaste' } })).toBe('ok');
  const { error } = await node.from('messages').insert({ id: 1, body: 'first trade logged' });
  expect(error).toBeNull();

  await expect
    .poll(() => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen), { timeout: 10_000 })
    .toEqual(
      expect.arrayContaining([{ broadcast: { text: 'namaste' } }, { insert: { id: 1, body: 'first trade logged' } }]),
    );
  await node.removeAllChannels();
}, 60_000);
