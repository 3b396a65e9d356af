// The `assistant` edge function: wires GoTrue and the model settings and serves the handler. Runs unchanged in
// Supabase's Deno edge runtime and in the local stack's Node runner (which provides `Deno.serve` and `Deno.env.get`).
//
// Secrets (all three, or the function answers 503 assistant_not_configured and sends nothing anywhere):
// ASSISTANT_API_URL (an OpenAI-compatible base URL, e.g. https://api.openai.com/v1), ASSISTANT_API_KEY,
// ASSISTANT_MODEL. Provided by Supabase: SUPABASE_URL, SUPABASE_ANON_KEY.

import { createClient } from '@supabase/supabase-js';
import { createSupabaseAuth } from '../razorpay/supabase-adapters.ts';
import { createAssistantHandler } from './handler.ts';
import { modelConfig } from './model.ts';

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

// The anon key is enough to ask GoTrue who a bearer token belongs to; the function reads no table.
const anon = createClient(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY') || env('SUPABASE_SERVICE_ROLE_KEY'), {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime,
});

export const handler = createAssistantHandler({
  auth: createSupabaseAuth(anon),
  model: modelConfig((name) => deno.env.get(name)),
});

deno.serve(handler);
