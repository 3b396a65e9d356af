// The tax rules as the tax P&L reads them: each lookup on both sides of each change, and every row with its source.
import { describe, expect, it } from 'vitest';
import {
  AUDIT_THRESHOLDS,
  AUDIT_TURNOVER_LIMITS,
  actFor,
  auditTurnoverLimitsFor,
  CAPITAL_GAINS_RATES,
  capitalGainsRatesOn,
  financialYearOf,
  GRANDFATHERING,
  LONG_TERM_AFTER_MONTHS,
  LONG_TERM_EXEMPTIONS,
  LONG_TERM_HOLDING,
  longTermExemptionFor,
  SET_OFF_RULES,
  type Sourced,
  TAX_ACTS,
  TAX_DISCLAIMER,
  TURNOVER_RULE,
  taxYearLabel,
} from './rules';

describe('capital gains rates by transfer date', () => {
  it('taxes a sale on 22 Jul 2024 at 15% short term and 10% long term (s. 111A, s. 112A)', () => {
    expect(capitalGainsRatesOn('2024-07-22')).toMatchObject({ shortTermRate: 15, longTermRate: 10 });
  });

  it('taxes a sale on 23 Jul 2024 at 20% and 12.5% (Finance (No. 2) Act 2024)', () => {
    expect(capitalGainsRatesOn('2024-07-23')).toMatchObject({ shortTermRate: 20, longTermRate: 12.5 });
  });

  it('keeps 20% and 12.5% under the 2025 Act (s. 196, s. 198)', () => {
    expect(capitalGainsRatesOn('2026-11-25')).toMatchObject({
      from: '2026-04-01',
      shortTermRate: 20,
      longTermRate: 12.5,
    });
  });

  it('gives a date before 1 Apr 2018 the first row', () => {
    expect(capitalGainsRatesOn('2017-06-30')).toBe(CAPITAL_GAINS_RATES[0]);
  });

  it('rejects a date that is not YYYY-MM-DD', () => {
    expect(() => capitalGainsRatesOn('23/07/2024')).toThrow(RangeError);
    expect(() => capitalGainsRatesOn('2024-02-30')).toThrow('Expected a date as YYYY-MM-DD, got "2024-02-30"');
  });
});

describe('long-term exemption by financial year', () => {
  it('is ₹1,00,000 for FY 2023-24 and ₹1,25,000 for FY 2024-25', () => {
    expect(longTermExemptionFor('2023-24')).toBe(100_000);
    expect(longTermExemptionFor('2024-25')).toBe(125_000);
  });

  it('is ₹1,25,000 in tax year 2026-27 under the 2025 Act, and ₹1,00,000 as far back as FY 2018-19', () => {
    expect(longTermExemptionFor('2026-27')).toBe(125_000);
    expect(longTermExemptionFor('2018-19')).toBe(100_000);
    expect(longTermExemptionFor('2015-16')).toBe(100_000);
  });

  it('rejects a year that is not YYYY-YY with consecutive years', () => {
    expect(() => longTermExemptionFor('2024-26')).toThrow(
      'Expected a financial year as YYYY-YY (e.g. 2024-25), got "2024-26"',
    );
    expect(() => longTermExemptionFor('2024')).toThrow(RangeError);
  });
});

describe('the Act in force and its name for the year', () => {
  it('is the 1961 Act for FY 2025-26 and the 2025 Act for 2026-27', () => {
    expect(actFor('2025-26').name).toBe('Income-tax Act, 1961');
    expect(actFor('2026-27').name).toBe('Income-tax Act, 2025');
    expect(actFor('2017-18').name).toBe('Income-tax Act, 1961');
  });

  it('labels FY 2025-26 with its assessment year and 2026-27 as a tax year', () => {
    expect(taxYearLabel('2024-25')).toBe('FY 2024-25 (AY 2025-26)');
    expect(taxYearLabel('2025-26')).toBe('FY 2025-26 (AY 2026-27)');
    expect(taxYearLabel('2026-27')).toBe('Tax year 2026-27');
    expect(taxYearLabel('2030-31')).toBe('Tax year 2030-31');
  });

  it("names each Act's sections for the rules", () => {
    expect(actFor('2025-26').sections).toMatchObject({
      speculative: 's. 43(5)',
      shortTerm: 's. 111A',
      longTerm: 's. 112A',
      grandfathering: 's. 55(2)(ac)',
      taxAudit: 's. 44AB',
    });
    expect(actFor('2026-27').sections).toMatchObject({
      shortTerm: 's. 196',
      longTerm: 's. 198',
      costDeductions: 's. 72(1)',
      sttNotDeductible: 's. 72(3)(b)',
      taxAudit: 's. 63',
    });
  });

  it('lists only real section keys as unverified', () => {
    for (const act of TAX_ACTS) {
      for (const key of act.unverified) expect(Object.keys(act.sections)).toContain(key);
    }
  });
});

describe('financial year of an IST date', () => {
  it('puts 31 Mar 2025 in 2024-25 and 1 Apr 2025 in 2025-26', () => {
    expect(financialYearOf('2025-03-31')).toEqual({ fy: '2024-25', from: '2024-04-01', to: '2025-03-31' });
    expect(financialYearOf('2025-04-01')).toEqual({ fy: '2025-26', from: '2025-04-01', to: '2026-03-31' });
  });

  it('writes the second year in two digits across a century', () => {
    expect(financialYearOf('2000-01-15').fy).toBe('1999-00');
    expect(longTermExemptionFor(financialYearOf('2099-12-31').fy)).toBe(125_000);
  });

  it('rejects a timestamp or an impossible date', () => {
    expect(() => financialYearOf('2025-04-01T10:00:00+05:30')).toThrow(RangeError);
    expect(() => financialYearOf('2025-02-29')).toThrow(RangeError);
  });
});

describe('holding, grandfathering, turnover, set-off and audit rules', () => {
  it('makes listed equity long term after 12 months', () => {
    expect(LONG_TERM_AFTER_MONTHS).toBe(12);
    expect(LONG_TERM_HOLDING.months).toBe(LONG_TERM_AFTER_MONTHS);
  });

  it('grandfathers shares acquired before 1 Feb 2018 at their 31 Jan 2018 value', () => {
    expect(GRANDFATHERING).toMatchObject({ acquiredBefore: '2018-02-01', fmvOn: '2018-01-31' });
  });

  it('counts option premium once, inside the trade result, under the current guidance note', () => {
    expect(TURNOVER_RULE.edition).toContain('Revised 2025');
    expect(TURNOVER_RULE.optionPremiumIncluded).toBe(false);
  });

  it('carries speculative losses 4 years and the other heads 8, one rule per head', () => {
    expect(Object.fromEntries(SET_OFF_RULES.map((r) => [r.head, r.carryForwardYears]))).toEqual({
      speculative: 4,
      nonSpeculative: 8,
      shortTerm: 8,
      longTerm: 8,
    });
  });

  it('needs an audit above ₹1 crore, or ₹10 crore with little cash, from FY 2020-21', () => {
    expect(auditTurnoverLimitsFor('2018-19')).toMatchObject({ limit: 10_000_000, lowCashLimit: null });
    expect(auditTurnoverLimitsFor('2019-20')).toMatchObject({ limit: 10_000_000, lowCashLimit: 50_000_000 });
    expect(auditTurnoverLimitsFor('2020-21')).toMatchObject({ limit: 10_000_000, lowCashLimit: 100_000_000 });
    expect(auditTurnoverLimitsFor('2026-27')).toMatchObject({ limit: 10_000_000, lowCashLimit: 100_000_000 });
  });

  it('says information, not advice', () => {
    expect(TAX_DISCLAIMER).toMatch(/^Information, not advice/);
  });
});

describe('every rule has its source', () => {
  const rows: [string, Sourced][] = [
    ...CAPITAL_GAINS_RATES.map((r): [string, Sourced] => [`rates from ${r.from}`, r]),
    ...LONG_TERM_EXEMPTIONS.map((r): [string, Sourced] => [`exemption from ${r.fromFy}`, r]),
    ...TAX_ACTS.map((r): [string, Sourced] => [r.name, r]),
    ...SET_OFF_RULES.map((r): [string, Sourced] => [`set-off ${r.head}`, r]),
    ...AUDIT_TURNOVER_LIMITS.map((r): [string, Sourced] => [`audit limit from ${r.fromFy}`, r]),
    ['holding', LONG_TERM_HOLDING],
    ['grandfathering', GRANDFATHERING],
    ['turnover', TURNOVER_RULE],
    ['audit', AUDIT_THRESHOLDS],
  ];

  it.each(rows)('%s has a source and its evidence', (_, row) => {
    expect(row.source.trim().length).toBeGreaterThan(0);
    expect(['primary', 'secondary']).toContain(row.evidence);
  });

  it('keeps each dated table oldest first from 1 Apr 2018 (FY 2018-19)', () => {
    const tables: [string, string[]][] = [
      ['rates', CAPITAL_GAINS_RATES.map((r) => r.from)],
      ['exemptions', LONG_TERM_EXEMPTIONS.map((r) => r.fromFy)],
      ['acts', TAX_ACTS.map((r) => r.fromFy)],
      ['audit limits', AUDIT_TURNOVER_LIMITS.map((r) => r.fromFy)],
    ];
    for (const [name, starts] of tables) {
      expect(starts[0], name).toMatch(/^2018-(04-01|19)$/);
      expect(starts, name).toEqual([...starts].sort());
      expect(new Set(starts).size, name).toBe(starts.length);
    }
  });
});
