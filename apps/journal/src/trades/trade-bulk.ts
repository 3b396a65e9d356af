// Bulk actions of the trades list: tag many trades at once (creating the tag by name if it is new) and delete many.

import { dataError } from '../data/data-error';
import { supabase } from '../data/supabase';

// PostgREST puts `in` filters in the URL: a few hundred uuids a request keeps it short.
const IDS_PER_REQUEST = 200;
const ROWS_PER_INSERT = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Adds the tag to every trade; a trade that already has it is left as it is. Returns the tag's id. */
export async function tagTrades(tradeIds: readonly string[], tagName: string): Promise<string> {
  const name = tagName.trim();
  if (name === '') throw new Error('Enter a tag name.');
  if (name.length > 40) throw new Error('A tag name is at most 40 characters.');
  // Tag names are unique per user regardless of case.
  const found = await supabase
    .from('tags')
    .select('id, name')
    .ilike('name', name.replace(/[\\%_]/g, '\\$&'));
  if (found.error) throw dataError(found.error);
  let tagId = found.data?.[0]?.id as string | undefined;
  if (!tagId) {
    const created = await supabase.from('tags').insert({ name }).select('id').single();
    if (created.error) throw dataError(created.error);
    tagId = created.data.id as string;
  }
  for (const part of chunks(tradeIds, ROWS_PER_INSERT)) {
    const { error } = await supabase.from('trade_tags').upsert(
      part.map((trade_id) => ({ trade_id, tag_id: tagId })),
      { onConflict: 'trade_id,tag_id', ignoreDuplicates: true },
    );
    if (error) throw dataError(error);
  }
  return tagId;
}

export async function deleteTrades(tradeIds: readonly string[]): Promise<void> {
  for (const part of chunks(tradeIds, IDS_PER_REQUEST)) {
    const { error } = await supabase.from('trades').delete().in('id', part);
    if (error) throw dataError(error);
  }
}
