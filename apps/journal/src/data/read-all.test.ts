import { describe, expect, it } from 'vitest';
import { PAGE_ROWS, readAll } from './read-all';

/** A table of `total` numbered rows served a page at a time, recording each page asked for. */
function table(total: number) {
  const asked: number[] = [];
  const page = async (from: number, to: number) => {
    asked.push(from / PAGE_ROWS);
    const data = Array.from({ length: Math.max(0, Math.min(to, total - 1) - from + 1) }, (_, k) => from + k);
    return { data, error: null };
  };
  return { asked, page };
}

describe('readAll', () => {
  it('reads a small journal in one request', async () => {
    const t = table(250);
    expect(await readAll(t.page)).toHaveLength(250);
    expect(t.asked).toEqual([0]);
  });

  it('reads 10,000 rows in order: page 0, then pages 1–4, 5–8 and 9–12 four at a time', async () => {
    const t = table(10_000);
    const rows = await readAll(t.page);
    expect(rows).toHaveLength(10_000);
    expect(rows.every((row, i) => row === i)).toBe(true);
    expect(t.asked).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('stops after an exact multiple of the page size when the next page is empty', async () => {
    const t = table(2 * PAGE_ROWS);
    expect(await readAll(t.page)).toHaveLength(2 * PAGE_ROWS);
    expect(t.asked).toEqual([0, 1, 2, 3, 4]);
  });

  it('fails with the server message', async () => {
    await expect(readAll(async () => ({ data: null, error: { message: 'permission denied' } }))).rejects.toThrow(
      'permission denied',
    );
  });
});
