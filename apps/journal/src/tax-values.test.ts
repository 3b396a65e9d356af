import { describe, expect, it } from 'vitest';
import { fmvValue } from './tax-values';

describe('fmvValue', () => {
  it('reads a value per share as traders type it', () => {
    expect(fmvValue('1,164.50')).toEqual({ ok: true, price: 1164.5 });
    expect(fmvValue(' ₹ 950 ')).toEqual({ ok: true, price: 950 });
  });

  it('says what is wrong with anything else', () => {
    expect(fmvValue('')).toEqual({ ok: false, error: 'Enter the value of one share on 31 Jan 2018.' });
    for (const bad of ['0', '-5', 'abc', '12.12345']) {
      expect(fmvValue(bad)).toEqual({ ok: false, error: 'Enter the value in rupees, more than zero, like 1,164.50.' });
    }
  });
});
