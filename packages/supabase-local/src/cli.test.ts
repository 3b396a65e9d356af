// The CLI's commands and its error messages (start is covered up to its clear failures).
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './cli.ts';
import { makeWorkdir } from './rest/fixture.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void out.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void err.push(args.join(' ')));
  return { out: () => out.join('\n'), err: () => err.join('\n') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('supabase-local CLI', () => {
  it('prints usage and refuses unknown commands', async () => {
    const io = capture();
    expect(await main([])).toBe(2);
    expect(io.out()).toMatch(/Usage: supabase-local <command>/);
    expect(await main(['frobnicate', '--workdir', makeWorkdir({ 'supabase/.keep': '' })])).toBe(2);
    expect(io.err()).toMatch(/Unknown command frobnicate/);
  });

  it('status prints the API URL, keys and inbox URL, and says when the stack is not running', async () => {
    const workdir = makeWorkdir({ 'supabase/config.toml': '[api]\nport = 54999\n' });
    const io = capture();
    expect(await main(['status', '--workdir', workdir])).toBe(1);
    const text = io.out();
    expect(text).toMatch(/not running/);
    expect(text).toMatch(/API URL: http:\/\/127\.0\.0\.1:54999/);
    expect(text).toMatch(/Inbox URL: http:\/\/127\.0\.0\.1:54999\/inbox/);
    expect(text).toMatch(/anon key: eyJ/);
    expect(text).toMatch(/service_role key: eyJ/);
  });

  it('reset applies the migrations and the seed, and names a broken migration with its line', async () => {
    const workdir = makeWorkdir({
      'supabase/migrations/20240101000000_init.sql': 'create table public.t (id int primary key);\n',
      'supabase/seed.sql': 'insert into public.t values (1);\n',
    });
    const io = capture();
    try {
      expect(await main(['reset', '--workdir', workdir])).toBe(0);
      expect(io.out()).toMatch(/applied 20240101000000_init\.sql/);
      expect(io.out()).toMatch(/ran supabase\/seed\.sql/);
      const broken = makeWorkdir({
        'supabase/migrations/20240101000000_init.sql': 'create table public.t (id int primary key);\n\ncreat index;\n',
      });
      expect(await main(['reset', '--workdir', broken, '--data-dir', join(workdir, 'other-db')])).toBe(1);
      expect(io.err()).toMatch(
        /Error: Migration supabase\/migrations\/20240101000000_init\.sql failed at line 3: syntax error at or near "creat"/,
      );
    } finally {
      rmSync(workdir, { recursive: true, force: true });
    }
  }, 60_000);

  it('reset refuses to delete a folder that is not a PGlite data folder', async () => {
    const workdir = makeWorkdir({ 'supabase/.keep': '', 'precious/notes.txt': 'keep me' });
    const io = capture();
    expect(await main(['reset', '--workdir', workdir, '--data-dir', join(workdir, 'precious')])).toBe(1);
    expect(io.err()).toMatch(/is not a PGlite data folder; not deleting it/);
    expect(existsSync(join(workdir, 'precious', 'notes.txt'))).toBe(true);
    rmSync(workdir, { recursive: true, force: true });
  });

  it('start says clearly that the port is busy', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const io = capture();
    try {
      expect(await main(['start', '--workdir', makeWorkdir({ 'supabase/.keep': '' }), '--port', String(port)])).toBe(1);
      expect(io.err()).toMatch(new RegExp(`Port ${port} is already in use`));
    } finally {
      blocker.close();
    }
  });

  it('refuses a folder without supabase/', async () => {
    const io = capture();
    expect(await main(['status', '--workdir', makeWorkdir({})])).toBe(1);
    expect(io.err()).toMatch(/No supabase\/ folder/);
  });
});
