// Writes a trade from the form: the public.trades row, then its tags (created when new, matched ignoring case).

import type { ManualTradeRow } from '@bahi/trading';
import { dataError } from '../data/data-error';
import { supabase } from '../data/supabase';

/** Ids of the named tags, creating the ones the user does not have yet. */
async function tagIds(names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { data, error } = await supabase.from('tags').select('id, name');
  if (error) throw dataError(error);
  const byName = new Map((data ?? []).map((t) => [(t.name as string).toLowerCase(), t.id as string]));
  const missing = names.filter((n) => !byName.has(n.toLowerCase()));
  if (missing.length) {
    const created = await supabase
      .from('tags')
      .insert(missing.map((name) => ({ name })))
      .select('id, name');
    if (created.error) throw dataError(created.error);
    for (const t of created.data ?? []) byName.set((t.name as string).toLowerCase(), t.id as string);
  }
  return names.map((n) => byName.get(n.toLowerCase())).filter((id): id is string => Boolean(id));
}

/** Inserts (no id; `row` is then a whole ManualTradeRow) or updates the trade and replaces its tags; returns its id. */
export async function saveTrade(id: string | undefined, row: Partial<ManualTradeRow>, tags: string[]): Promise<string> {
  let tradeId = id;
  if (tradeId) {
    const { data, error } = await supabase.from('trades').update(row).eq('id', tradeId).select('id');
    if (error) throw dataError(error);
    if (!data?.length) throw new Error('This trade no longer exists: it may have been deleted.');
  } else {
    const { data, error } = await supabase.from('trades').insert(row).select('id').single();
    if (error) throw dataError(error);
    tradeId = data.id as string;
  }
  const ids = await tagIds(tags);
  const cleared = await supabase.from('trade_tags').delete().eq('trade_id', tradeId);
  if (cleared.error) throw dataError(cleared.error);
  if (ids.length) {
    const linked = await supabase.from('trade_tags').insert(ids.map((tag_id) => ({ trade_id: tradeId, tag_id })));
    if (linked.error) throw dataError(linked.error);
  }
  return tradeId as string;
}

/** The ids of the rules the trade followed under its playbook (empty for a new trade or one never checked). */
export async function loadFollowedRules(tradeId: string): Promise<string[]> {
  const { data, error } = await supabase
    .from('trade_playbook_rules')
    .select('rule_id')
    .eq('trade_id', tradeId)
    .eq('followed', true);
  if (error) throw dataError(error);
  return (data ?? []).map((r) => r.rule_id as string);
}

/**
 * Replaces the trade's rule checks: one row per rule of its playbook, followed or not, so adherence counts the
 * rules broken as well as those kept. No playbook (or one without rules) leaves no checks.
 */
export async function saveRuleChecks(
  tradeId: string,
  playbook: { id: string; rules: ReadonlyArray<{ id: string }> } | undefined,
  followed: readonly string[],
): Promise<void> {
  const cleared = await supabase.from('trade_playbook_rules').delete().eq('trade_id', tradeId);
  if (cleared.error) throw dataError(cleared.error);
  if (!playbook || playbook.rules.length === 0) return;
  const rows = playbook.rules.map((rule) => ({
    trade_id: tradeId,
    playbook_id: playbook.id,
    rule_id: rule.id,
    followed: followed.includes(rule.id),
  }));
  const inserted = await supabase.from('trade_playbook_rules').insert(rows);
  if (inserted.error) throw dataError(inserted.error);
}
