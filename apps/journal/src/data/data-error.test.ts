import { describe, expect, it } from 'vitest';
import { dataError, isAccessRefusal, READ_ONLY_MESSAGE } from './data-error';

describe('dataError', () => {
  it("says in plain words that the server refused a write for lack of access (PostgREST's 42501)", () => {
    const refused = { code: '42501', message: 'new row violates row-level security policy for table "funds"' };
    expect(dataError(refused).message).toBe(READ_ONLY_MESSAGE);
  });

  it("recognises Storage's refusal, which carries no SQLSTATE", () => {
    expect(isAccessRefusal({ message: 'new row violates row-level security policy' })).toBe(true);
  });

  it('keeps any other message as the server wrote it', () => {
    const conflict = { code: '23505', message: 'duplicate key value violates unique constraint "tags_user_name_idx"' };
    expect(dataError(conflict).message).toBe(conflict.message);
    expect(isAccessRefusal({ message: 'Failed to fetch' })).toBe(false);
  });
});
