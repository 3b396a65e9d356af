// A latency probe for the bench: median (and p95) of a password sign-in over HTTP, as auth-js makes it.

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
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), samples };
}
