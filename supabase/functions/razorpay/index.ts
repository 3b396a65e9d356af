// The `razorpay` edge function: wires the real ports and serves the handler. Runs unchanged in Supabase's Deno edge
// runtime and in the local stack's Node runner (which provides `Deno.serve` and `Deno.env.get`).
//
// Secrets: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, RAZORPAY_API_BASE (default
// https://api.razorpay.com), SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_ANON_KEY. Only the key id reaches
// the browser.
//
// Razorpay's webhook carries no Supabase JWT: deploy with `verify_jwt = false` for this function (the handler checks
// the bearer token of every action itself, and the webhook by its HMAC).

import { createClient } from '@supabase/supabase-js';
import { createHandler } from './handler.ts';
import { createRazorpayOrdersClient } from './razorpay-api.ts';
import { createSupabaseAuth, createSupabaseStore } from './supabase-adapters.ts';

interface DenoLike {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
}

const deno = (globalThis as unknown as { Deno: DenoLike }).Deno;
const env = (name: string): string => deno.env.get(name) ?? '';

// The function never uses Realtime. Node before 22 has no global WebSocket and supabase-js refuses to start
// without one, so hand it a transport that is never constructed.
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by the razorpay function');
  }
}
const realtime = {
  transport: ((globalThis as { WebSocket?: unknown }).WebSocket ?? NoRealtime) as unknown as typeof WebSocket,
};
const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

const supabaseUrl = env('SUPABASE_URL');
const admin = createClient(supabaseUrl, env('SUPABASE_SERVICE_ROLE_KEY'), { auth: serverAuth, realtime });
const anon = createClient(supabaseUrl, env('SUPABASE_ANON_KEY') || env('SUPABASE_SERVICE_ROLE_KEY'), {
  auth: serverAuth,
  realtime,
});

const secrets = {
  keyId: env('RAZORPAY_KEY_ID'),
  keySecret: env('RAZORPAY_KEY_SECRET'),
  webhookSecret: env('RAZORPAY_WEBHOOK_SECRET'),
};

export const handler = createHandler({
  auth: createSupabaseAuth(anon),
  store: createSupabaseStore(admin),
  razorpay: createRazorpayOrdersClient({
    apiBase: env('RAZORPAY_API_BASE') || 'https://api.razorpay.com',
    keyId: secrets.keyId,
    keySecret: secrets.keySecret,
  }),
  secrets,
});

deno.serve(handler);
