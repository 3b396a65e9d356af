import { describe, expect, it } from 'vitest';
import { kolkataDate } from './trade-date';

describe('kolkataDate', () => {
  it('reads an instant in Asia/Kolkata (UTC + 5:30)', () => {
    expect(kolkataDate(new Date('2026-03-31T18:29:59Z'))).toBe('2026-03-31'); // 23:59:59 IST
    expect(kolkataDate(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01'); // 00:00 IST
  });

  it('takes a YYYY-MM-DD string as the exchange date', () => {
    expect(kolkataDate('2026-04-01')).toBe('2026-04-01');
  });

  it('refuses dates that do not exist or are not YYYY-MM-DD', () => {
    expect(() => kolkataDate('2025-02-31')).toThrow('Trade date "2025-02-31" is not a YYYY-MM-DD date.');
    expect(() => kolkataDate('2025-13-01', 'Expiry')).toThrow('Expiry "2025-13-01" is not a YYYY-MM-DD date.');
    expect(() => kolkataDate(new Date('nonsense'))).toThrow('Trade date is not a valid date.');
  });
});
