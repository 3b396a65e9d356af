// The `assistant` edge function: wires GoTrue and the model settings and serves the handler. Runs unchanged in
// Supabase's Deno edge runtime and in the local stack's Node runner (which provides `Deno.serve` and `Deno.env.get`).
//
// Secrets (all three, or the function answers 503 assistant_not_configured and sends nothing anywhere):
// ASSISTANT_API_URL (an OpenAI-compatible base URL, e.g. https://api.openai.com/v1), ASSISTANT_API_KEY,
// ASSISTANT_MODEL. Optional: ASSISTANT_DAILY_QUOTA, model answers per user per IST day (default 50). Provided by
// Supabase: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY.

import { createClient } from '@supabase/supabase-js';
import { createSupabaseAuth } from '../razorpay/supabase-adapters.ts';
import { createAssistantHandler } from './handler.ts';
import { modelConfig } from './model.ts';
import { type AssistantQuotaPort, createSupabaseQuota, dailyQuota } from './quota.ts';

interface DenoLike {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
}

const deno = (globalThis as unknown as { Deno: DenoLike }).Deno;
const env = (name: string): string => deno.env.get(name) ?? '';

// Realtime is never used; Node before 22 has no global WebSocket and supabase-js refuses to start without one.
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by the assistant function');
  }
}
const realtime = {
  transport: ((globalThis as { WebSocket?: unknown }).WebSocket ?? NoRealtime) as unknown as typeof WebSocket,
};

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
// The anon key is enough to ask GoTrue who a bearer token belongs to.
const anon = createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY') || env('SUPABASE_SERVICE_ROLE_KEY'), {
  auth: serverAuth,
  realtime,
});
// The access rule and the daily count: public.take_assistant_answer, executable by the service role only. Without
// the key no question reaches the model (the handler answers 502 access_unavailable).
const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY');
const quota: AssistantQuotaPort = serviceKey
  ? createSupabaseQuota(createClient(env('SUPABASE_URL'), serviceKey, { auth: serverAuth, realtime }))
  : {
      take: () => Promise.reject(new Error('SUPABASE_SERVICE_ROLE_KEY is not set')),
    };

export const handler = createAssistantHandler({
  auth: createSupabaseAuth(anon),
  quota,
  dailyQuota: dailyQuota((name) => deno.env.get(name)),
  model: modelConfig((name) => deno.env.get(name)),
});

deno.serve(handler);
