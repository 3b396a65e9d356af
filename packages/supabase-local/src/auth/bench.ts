// Latency probes for the bench: password sign-ins over HTTP as auth-js makes them, one after another or many at
// once (each from its own loopback address, as many users on many devices) while another request is timed.

import { request } from 'node:http';

export interface SignInBenchOptions {
  /** API base URL, e.g. http://127.0.0.1:54321 */
  url: string;
  anonKey: string;
  /** With the service_role key the probe user is created (confirmed) when missing. */
  serviceRoleKey?: string;
  email?: string;
  password?: string;
  runs?: number;
  warmup?: number;
}

export interface LatencyResult {
  median: number;
  p95: number;
  samples: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(index, 0)]!;
}

const latencies = (samples: number[]): LatencyResult => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), samples };
};

/** Milliseconds per `POST /auth/v1/token?grant_type=password` (bcrypt cost 10 dominates, as in GoTrue). */
export async function measurePasswordSignIn(options: SignInBenchOptions): Promise<LatencyResult> {
  const email = options.email ?? 'bench@example.com';
  const password = options.password ?? 'bench-password';
  const headers = {
    apikey: options.anonKey,
    Authorization: `Bearer ${options.anonKey}`,
    'Content-Type': 'application/json',
    'X-Supabase-Api-Version': '2024-01-01',
  };
  if (options.serviceRoleKey) {
    const created = await fetch(`${options.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { ...headers, apikey: options.serviceRoleKey, Authorization: `Bearer ${options.serviceRoleKey}` },
      body: JSON.stringify({ email, password, email_confirm: true }),
    });
    if (!created.ok && created.status !== 422) throw new Error(`Could not create the bench user: ${created.status}`);
  }
  const signIn = async () => {
    const res = await fetch(`${options.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < (options.warmup ?? 2); i++) await signIn();
  const samples: number[] = [];
  for (let i = 0; i < (options.runs ?? 20); i++) {
    const start = performance.now();
    await signIn();
    samples.push(performance.now() - start);
  }
  return latencies(samples);
}

export interface ConcurrentSignInOptions extends SignInBenchOptions {
  /** Users signing in at once, each with their own account and address (default 50). */
  concurrency?: number;
  /** A request timed while the sign-ins run, e.g. a filtered select, started every `probeEveryMs` (default 20). */
  probe?: () => Promise<void>;
  probeEveryMs?: number;
}

export interface ConcurrentSignInResult {
  signIn: LatencyResult;
  /** The probe's latencies while the sign-ins ran. */
  probe?: LatencyResult;
}

export interface LocalAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A password sign-in sent from a given local address (127.0.x.y), so that each caller counts as its own client. */
export function signInFrom(
  apiUrl: string,
  localAddress: string,
  body: string,
  headers: Record<string, string>,
): Promise<LocalAnswer> {
  const url = new URL(apiUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/auth/v1/token?grant_type=password',
        method: 'POST',
        localAddress,
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `concurrency` users (`bench-<i>@example.com`, made with the service_role key) sign in with their passwords at
 * the same moment, each from its own loopback address; the probe is timed until the last one has its session.
 */
export async function measureConcurrentSignIns(options: ConcurrentSignInOptions): Promise<ConcurrentSignInResult> {
  const password = options.password ?? 'bench-password';
  const emails = Array.from({ length: options.concurrency ?? 50 }, (_, i) => `bench-${i}@example.com`);
  // Makes the accounts, and a first sign-in warms the hashing threads.
  await Promise.all(emails.map((email) => measurePasswordSignIn({ ...options, email, password, runs: 0, warmup: 0 })));
  await measurePasswordSignIn({
    ...options,
    email: emails[0],
    password,
    serviceRoleKey: undefined,
    runs: 1,
    warmup: 1,
  });
  const headers = {
    apikey: options.anonKey,
    Authorization: `Bearer ${options.anonKey}`,
    'Content-Type': 'application/json',
    'X-Supabase-Api-Version': '2024-01-01',
  };
  const started = performance.now();
  let running = true;
  const signIns = Promise.all(
    emails.map(async (email, i) => {
      const address = `127.0.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`;
      const answer = await signInFrom(options.url, address, JSON.stringify({ email, password }), headers);
      if (answer.status !== 200) throw new Error(`Sign-in failed: ${answer.status} ${answer.body}`);
      return performance.now() - started;
    }),
  ).finally(() => {
    running = false;
  });
  const probeSamples: number[] = [];
  const probing = (async () => {
    if (!options.probe) return;
    const every = options.probeEveryMs ?? 20;
    while (running) {
      const t = performance.now();
      await options.probe();
      const took = performance.now() - t;
      if (running) probeSamples.push(took);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, every - took)));
    }
  })();
  const [samples] = await Promise.all([signIns, probing]);
  return { signIn: latencies(samples), probe: options.probe ? latencies(probeSamples) : undefined };
}
