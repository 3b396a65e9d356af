// The assistant page's logic outside React: where a figure links to, the conversation kept for the browser session,
// and the calls to the `assistant` edge function (asked once whether a model is configured; anything but `configured: true` means built-in only).

import type { InsightLink, ModelContext } from '@bahi/trading';
import type { ChatMessage } from '@bahi/ui';
import type { SupabaseClient } from '@supabase/supabase-js';
import { filterToParams } from '../data/trade-filter-params';

/** A figure's link as an app URL: a trade opens in the trade form, groups in the trades list or analytics. */
export function insightHref(link: InsightLink): string {
  if (link.kind === 'trade') return `/trades/${encodeURIComponent(link.tradeId)}`;
  const query = filterToParams(link.filter).toString();
  return `/${link.kind}${query ? `?${query}` : ''}`;
}

export interface StoredChat {
  messages: ChatMessage[];
  useModel: boolean;
}

/** Messages kept per tab: enough to scroll back through a session, small enough for sessionStorage. */
export const MAX_STORED_MESSAGES = 60;

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storageKey = (userId: string) => `bahi.assistant.${userId}`;

/** The conversation of this browser tab's session, per user (nothing is stored on the server). */
export function loadChat(storage: SessionStore | undefined, userId: string | undefined): StoredChat {
  const empty: StoredChat = { messages: [], useModel: false };
  if (!storage || !userId) return empty;
  try {
    const parsed = JSON.parse(storage.getItem(storageKey(userId)) ?? 'null') as Partial<StoredChat> | null;
    if (!parsed || !Array.isArray(parsed.messages)) return empty;
    return { messages: parsed.messages, useModel: parsed.useModel === true };
  } catch {
    return empty;
  }
}

export function saveChat(storage: SessionStore | undefined, userId: string | undefined, chat: StoredChat): void {
  if (!storage || !userId) return;
  try {
    if (chat.messages.length === 0 && !chat.useModel) storage.removeItem(storageKey(userId));
    else {
      const messages = chat.messages.slice(-MAX_STORED_MESSAGES);
      storage.setItem(storageKey(userId), JSON.stringify({ ...chat, messages }));
    }
  } catch {
    // A full or disabled storage only costs the conversation after a reload.
  }
}

type Functions = Pick<SupabaseClient, 'functions'>;

/** Asks once whether the server has a model: `configured: false` or any failure (offline, not deployed) is built-in only. */
export async function fetchModelStatus(client: Functions): Promise<'available' | 'unavailable'> {
  const { data, error } = await client.functions.invoke('assistant', { method: 'GET' });
  return !error && (data as { configured?: unknown } | null)?.configured === true ? 'available' : 'unavailable';
}

export const MODEL_UNREACHABLE = 'The AI model could not be reached.';

/** The function's `message` for a failed call, or a plain one when there is no answer to read. */
async function failure(error: unknown): Promise<string> {
  const response = (error as { context?: unknown }).context;
  if (response instanceof Response) {
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // not JSON: fall through
    }
  }
  return MODEL_UNREACHABLE;
}

/** The model's answer to the question, given only the engine's figures; throws an Error with a message to show. */
export async function askModel(client: Functions, question: string, context: ModelContext): Promise<string> {
  const { data, error } = await client.functions.invoke('assistant', { body: { question, context } });
  if (error) throw new Error(await failure(error));
  const answer = (data as { answer?: unknown } | null)?.answer;
  if (typeof answer !== 'string' || !answer.trim()) throw new Error(MODEL_UNREACHABLE);
  return answer;
}
