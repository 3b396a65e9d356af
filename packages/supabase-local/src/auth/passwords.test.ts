// Password hashing: GoTrue-compatible hashes, made off the event loop, and sign-ins that run side by side while the
// server keeps serving.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import bcrypt from 'bcryptjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from './testing/harness.ts';
import { hashPassword, passwordMatches, setBcryptCost } from './validate.ts';

vi.setConfig({ testTimeout: 60_000 });

afterEach(() => setBcryptCost(4));

/** Counts event-loop turns (a 5 ms interval) while `work` runs; a blocked loop counts none. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; result: T }> {
  let turns = 0;
  const timer = setInterval(() => turns++, 5);
  try {
    const result = await work();
    return { turns, result };
  } finally {
    clearInterval(timer);
  }
}

describe('hashPassword and passwordMatches', () => {
  it("make and read GoTrue's cost-10 bcrypt hashes", async () => {
    setBcryptCost(10);
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2b\$10\$[./A-Za-z0-9]{53}$/);
    expect(bcrypt.compareSync('correct horse', hash)).toBe(true);
    expect(await passwordMatches('correct horse', hash)).toBe(true);
    expect(await passwordMatches('correct horsE', hash)).toBe(false);
    // Go's bcrypt, which GoTrue uses, writes $2a$: the same hash under that prefix still matches.
    expect(await passwordMatches('correct horse', hash.replace('$2b$', '$2a$'))).toBe(true);
    expect(await passwordMatches('correct horse', 'not a hash')).toBe(false);
    expect(await passwordMatches('correct horse', null)).toBe(false);
  });

  it('agree with bcryptjs both ways, for $2a$, $2b$ and $2y$, any UTF-8, and past 72 bytes', async () => {
    const samples = [
      '',
      'a',
      'pass word',
      'é€😀 ünïcødé',
      'x'.repeat(71),
      'y'.repeat(72),
      'z'.repeat(100),
      'nul\0inside',
    ];
    for (let i = 0; i < 12; i++)
      samples.push(
        String.fromCodePoint(...Array.from({ length: 3 + i * 7 }, (_, k) => 32 + ((k * 7919 + i * 104729) % 0x2fff))),
      );
    for (const [i, password] of samples.entries()) {
      const ours = await hashPassword(password);
      expect(bcrypt.compareSync(password, ours)).toBe(true);
      const theirs = bcrypt.hashSync(password, bcrypt.genSaltSync(4).replace('$2b$', ['$2a$', '$2b$', '$2y$'][i % 3]!));
      expect(await passwordMatches(password, theirs)).toBe(true);
      const other = Buffer.byteLength(password) >= 72 ? 'short' : `${password}!`;
      expect(await passwordMatches(other, theirs)).toBe(false);
    }
    // Only the first 72 bytes count, as in every bcrypt.
    expect(await passwordMatches(`${'y'.repeat(72)}tail`, await hashPassword('y'.repeat(72)))).toBe(true);
  });

  it('read a lone surrogate as U+FFFD, as GoTrue (Go) decodes it from JSON', async () => {
    expect(await passwordMatches('a\ud83db', await hashPassword('a\ufffdb'))).toBe(true);
  });

  it('keep the event loop turning while eight cost-10 hashes run', async () => {
    setBcryptCost(10);
    const { turns, result } = await turnsDuring(() =>
      Promise.all(Array.from({ length: 8 }, (_, i) => hashPassword(`password ${i}`))),
    );
    expect(result.every((hash) => hash.startsWith('$2b$10$'))).toBe(true);
    // On the main thread the eight hashes would hold the loop throughout (bcryptjs's async mode yields only every
    // 100 ms): a handful of turns could not happen. More load only means more turns.
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});

describe('hashing threads', () => {
  it('let a process that hashed a password exit on its own', () => {
    // a CLI or script that signed somebody up must not hang on idle threads
    const module = fileURLToPath(new URL('./validate.ts', import.meta.url));
    const script = `import { hashPassword, setBcryptCost } from ${JSON.stringify(module)}; setBcryptCost(4); console.log((await hashPassword('pw')).slice(0, 7));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect([run.status, run.signal, run.stdout.trim()]).toEqual([0, null, '$2b$04$']);
  });
});

describe('password sign-ins over HTTP', () => {
  let stack: TestStack;
  const users = Array.from({ length: 6 }, (_, i) => ({ email: `concurrent-${i}@example.com`, password: `pw-${i}-x` }));

  beforeAll(async () => {
    stack = await startTestStack();
    setBcryptCost(10);
    for (const user of users) {
      const { error } = await stack.admin().auth.admin.createUser({ ...user, email_confirm: true });
      expect(error).toBeNull();
    }
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('all succeed when sent at once, and the server answers other requests meanwhile', async () => {
    setBcryptCost(10);
    /** Signs in and answers when that sign-in ended. */
    const signIn = async (user: (typeof users)[number]) => {
      const { data, error } = await stack.client().auth.signInWithPassword(user);
      expect(error).toBeNull();
      expect(data.session!.user.email).toBe(user.email);
      return performance.now();
    };
    const { turns } = await turnsDuring(async () => {
      const all = Promise.all(users.map(signIn));
      // A request that needs no hashing is answered while the sign-ins are still running.
      const settings = await stack.fetch('/auth/v1/settings');
      const settingsAt = performance.now();
      expect(settings.status).toBe(200);
      const done = await all;
      expect(settingsAt).toBeLessThan(Math.max(...done));
    });
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
