import { newTradeDraft } from '@bahi/trading';
import { describe, expect, it } from 'vitest';
import { clearDraft, readDraft, writeDraft } from './trade-draft';

/** sessionStorage's behaviour, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const now = new Date('2026-11-21T11:00:00Z');
const base = newTradeDraft(now);
const typed = { ...base, symbol: 'TATAMOTORS', quantity: '10', entryPrice: '712.5' };

describe("the trade form's draft", () => {
  it('brings back what was typed for a new trade, per account, until it is cleared', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'u1', undefined, base, typed, now);
    // A later visit starts from a later "now": the typed values still come back, with when they were typed.
    const later = newTradeDraft(new Date('2026-11-21T11:30:00Z'));
    expect(readDraft(storage, 'u1', undefined, later)).toEqual({ values: typed, savedAt: '2026-11-21T11:00:00.000Z' });
    expect(readDraft(storage, 'u2', undefined, later)).toBeNull();
    clearDraft(storage, 'u1', undefined);
    expect(readDraft(storage, 'u1', undefined, later)).toBeNull();
  });

  it('keeps nothing once the values are back to where the form started', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'u1', undefined, base, typed, now);
    writeDraft(storage, 'u1', undefined, base, base, now);
    expect(storage.length).toBe(0);
  });

  it("drops an edit's draft when the saved trade no longer reads as it did", () => {
    const storage = memoryStorage();
    const saved = { ...typed, exitPrice: '', exitAt: '' };
    const edited = { ...saved, notes: 'Gap up on results' };
    writeDraft(storage, 'u1', 't1', saved, edited, now);
    expect(readDraft(storage, 'u1', 't1', saved)?.values).toEqual(edited);
    expect(readDraft(storage, 'u1', 't2', saved)).toBeNull();
    expect(readDraft(storage, 'u1', 't1', { ...saved, quantity: '12' })).toBeNull();
  });

  it('reads a damaged entry as no draft', () => {
    const storage = memoryStorage();
    storage.setItem('bahi:trade-draft:u1:new', '{not json');
    expect(readDraft(storage, 'u1', undefined, base)).toBeNull();
  });
});
