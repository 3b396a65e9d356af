// The server's say on who may ask the model, and how often: `public.take_assistant_answer` checks the same access
// rule as the journal's RLS (access.has_access) and counts one answer per call against a daily limit (IST days).
import type { SupabaseClient } from '@supabase/supabase-js';

/** Answers per user per IST day when ASSISTANT_DAILY_QUOTA is not set. */
export const DEFAULT_DAILY_QUOTA = 50;

export type QuotaDecision =
  | { allowed: true; used: number; limit: number }
  | { allowed: false; reason: 'no_access' | 'quota'; limit: number };

export interface AssistantQuotaPort {
  /** Takes one of the user's answers for today, if they have access and some are left. */
  take(userId: string, dailyLimit: number): Promise<QuotaDecision>;
}

/** ASSISTANT_DAILY_QUOTA: a whole number from 1; anything else means the default. */
export function dailyQuota(env: (name: string) => string | undefined): number {
  const raw = env('ASSISTANT_DAILY_QUOTA')?.trim() ?? '';
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_DAILY_QUOTA;
}

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 5.5 * 3_600_000;

/** Whole seconds from `now` to the next midnight in India, when the daily count starts again. */
export function secondsToIstMidnight(now: Date): number {
  const ist = now.getTime() + IST_OFFSET_MS;
  const next = (Math.floor(ist / DAY_MS) + 1) * DAY_MS;
  return Math.max(1, Math.ceil((next - ist) / 1000));
}

/** The quota through a service-role supabase-js client (the function is executable by service_role only). */
export function createSupabaseQuota(admin: SupabaseClient): AssistantQuotaPort {
  return {
    async take(userId, dailyLimit) {
      const { data, error } = await admin.rpc('take_assistant_answer', {
        p_user_id: userId,
        p_daily_limit: dailyLimit,
      });
      if (error) throw new Error(`rpc take_assistant_answer: ${error.message}${error.code ? ` (${error.code})` : ''}`);
      const answer = data as { allowed?: unknown; reason?: unknown; used?: unknown; limit?: unknown } | null;
      if (answer?.allowed === true && typeof answer.used === 'number') {
        return { allowed: true, used: answer.used, limit: dailyLimit };
      }
      if (answer?.allowed === false && (answer.reason === 'no_access' || answer.reason === 'quota')) {
        return { allowed: false, reason: answer.reason, limit: dailyLimit };
      }
      throw new Error(`Unexpected answer from take_assistant_answer: ${JSON.stringify(data)}`);
    },
  };
}
