// Reading a whole table through PostgREST, which answers at most `max_rows` rows a request.

import { dataError } from './data-error';

/** PostgREST returns at most `max_rows` (1000) rows a request: read a table in pages of that size, in order. */
export const PAGE_ROWS = 1000;
/** Pages asked for at once after the first full one: fewer round trips for a large journal over a real network. */
export const PAGES_AT_ONCE = 4;

/**
 * Every row of an ordered query, page by page: the first page alone (most journals fit in it), then
 * PAGES_AT_ONCE pages in parallel until one comes back short. `page` must order rows the same way every call.
 */
export async function readAll<Row>(
  page: (from: number, to: number) => PromiseLike<{ data: Row[] | null; error: { message: string } | null }>,
): Promise<Row[]> {
  const read = async (n: number) => {
    const { data, error } = await page(n * PAGE_ROWS, (n + 1) * PAGE_ROWS - 1);
    if (error) throw dataError(error);
    return data ?? [];
  };
  const rows = await read(0);
  for (let next = 1; rows.length === next * PAGE_ROWS; next += PAGES_AT_ONCE) {
    const batch = await Promise.all(Array.from({ length: PAGES_AT_ONCE }, (_, k) => read(next + k)));
    for (const pageRows of batch) {
      rows.push(...pageRows);
      if (pageRows.length < PAGE_ROWS) return rows;
    }
  }
  return rows;
}
