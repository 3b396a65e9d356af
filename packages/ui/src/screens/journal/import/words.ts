import { formatCount } from '@bahi/trading';
import type { ImportRowError } from './types';

export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** Rows with at least one problem: a row can have more than one. */
export const rowsWithErrors = (errors: readonly ImportRowError[]) => new Set(errors.map((e) => e.row)).size;

/** 'HDFCBANK', 'HDFCBANK and ITC', 'HDFCBANK, ITC and TATAMOTORS'. */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
