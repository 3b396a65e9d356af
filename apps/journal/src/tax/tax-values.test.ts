import { describe, expect, it } from 'vitest';
import { fmvValue, lotDateParts } from './tax-values';

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

describe('lotDateParts', () => {
  it('reads the buys of a lot as typed', () => {
    expect(
      lotDateParts([
        { quantity: '25', boughtOn: '2021-06-15' },
        { quantity: ' 1,200 ', boughtOn: '2023-08-21' },
      ]),
    ).toEqual({
      ok: true,
      parts: [
        { quantity: 25, boughtOn: '2021-06-15' },
        { quantity: 1200, boughtOn: '2023-08-21' },
      ],
    });
  });

  it('says which buy is wrong, and how', () => {
    expect(lotDateParts([{ quantity: '0', boughtOn: '2021-06-15' }])).toEqual({
      ok: false,
      error: 'Enter the number of shares, more than zero, like 25.',
    });
    expect(
      lotDateParts([
        { quantity: '25', boughtOn: '2021-06-15' },
        { quantity: '15', boughtOn: '' },
      ]),
    ).toEqual({ ok: false, error: 'Enter the day of buy 2.' });
    expect(lotDateParts([])).toEqual({ ok: false, error: 'Enter when the shares were bought.' });
  });
});
