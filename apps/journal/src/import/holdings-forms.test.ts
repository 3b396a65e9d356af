import { describe, expect, it } from 'vitest';
import { corporateActionOf, openingPosition, openingPositionStart } from './holdings-forms';

const NONE = { newSymbol: '', newIsin: '', costPercent: '' };

const TODAY = '2026-11-25';
const held = { broker: 'zerodha', symbol: ' tcs ', quantity: '1,300', price: '₹ 3,900.50', heldOn: '2024-03-28' };

describe('openingPosition', () => {
  it('reads what a trader types: Indian grouping, ₹, lower case', () => {
    expect(openingPosition(held, TODAY, 'o1')).toEqual({
      ok: true,
      opening: { id: 'o1', broker: 'zerodha', symbol: 'TCS', quantity: 1300, price: 3900.5, date: '2024-03-28' },
    });
  });

  it('takes fund units with decimals', () => {
    expect(openingPosition({ ...held, symbol: 'liquidbees', quantity: '24.609' }, TODAY, 'o2')).toMatchObject({
      ok: true,
      opening: { symbol: 'LIQUIDBEES', quantity: 24.609 },
    });
  });

  it('says what is wrong beside each field', () => {
    expect(
      openingPosition(
        { broker: '', symbol: 'Tata Consultancy', quantity: '-12.5', price: 'abc', heldOn: '2027-01-01' },
        TODAY,
        'o1',
      ),
    ).toEqual({
      ok: false,
      errors: {
        broker: 'Choose the broker that held the shares.',
        symbol: 'Enter the symbol as the exchange writes it, such as TCS or M&M.',
        quantity: 'Enter the shares or units held, above 0, like 25 or 24.609.',
        price: 'Enter the cost in rupees, like 3,900.50.',
        heldOn: 'The date cannot be in the future.',
      },
    });
    expect(openingPosition({ ...held, quantity: '', price: '', symbol: '', heldOn: '' }, TODAY, 'o1')).toEqual({
      ok: false,
      errors: {
        symbol: 'Enter the symbol, such as TCS.',
        quantity: 'Enter how many shares you held.',
        price: 'Enter the average cost per share.',
        heldOn: 'Enter the date you held them on.',
      },
    });
  });
});

describe('openingPositionStart', () => {
  it('starts from the earliest sale with no cost basis, held the day before it', () => {
    const missing = [
      { symbol: 'INFY', quantity: 5, exitTime: '2025-02-03T04:30:00Z', exitDate: '2025-02-03', importSource: 'dhan' },
      {
        symbol: 'TCS',
        quantity: 13,
        exitTime: '2024-12-13T04:30:00Z',
        exitDate: '2024-12-13',
        importSource: 'zerodha',
      },
    ];
    expect(openingPositionStart(missing, 'upstox', TODAY)).toEqual({
      broker: 'zerodha',
      symbol: 'TCS',
      quantity: '13',
      price: '',
      heldOn: '2024-12-12',
    });
    expect(openingPositionStart([], 'upstox', TODAY)).toEqual({
      broker: 'upstox',
      symbol: '',
      quantity: '',
      price: '',
      heldOn: TODAY,
    });
  });
});

describe('corporateActionOf', () => {
  it('reads a split and a bonus', () => {
    expect(
      corporateActionOf({ symbol: 'nestleind', kind: 'split', from: '1', to: '10', exDate: '2024-01-05', ...NONE }),
    ).toEqual({
      ok: true,
      action: { symbol: 'NESTLEIND', kind: 'split', from: 1, to: 10, exDate: '2024-01-05' },
    });
    expect(
      corporateActionOf({ symbol: 'INFY', kind: 'bonus', from: '1', to: '1', exDate: '2018-09-04', ...NONE }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('refuses a ratio that is not two whole numbers, a split of 1:1 and a missing date', () => {
    expect(corporateActionOf({ symbol: 'INFY', kind: 'split', from: '0', to: '2.5', exDate: '', ...NONE })).toEqual({
      ok: false,
      errors: {
        from: 'Enter a whole number from 1 to 1000.',
        to: 'Enter a whole number from 1 to 1000.',
        exDate: 'Enter the ex-date.',
      },
    });
    expect(
      corporateActionOf({ symbol: 'INFY', kind: 'split', from: '2', to: '2', exDate: '2024-01-05', ...NONE }),
    ).toEqual({
      ok: false,
      errors: { to: 'A split changes the number of shares: the two numbers differ.' },
    });
  });

  it('reads a demerger with its new share and cost percentage, a merger and a symbol change (1:1)', () => {
    expect(
      corporateActionOf({
        symbol: 'star',
        kind: 'demerger',
        from: '2',
        to: '1',
        exDate: '2024-12-06',
        newSymbol: ' onesource ',
        newIsin: 'ine013p01021',
        costPercent: '10.65%',
      }),
    ).toEqual({
      ok: true,
      action: {
        symbol: 'STAR',
        kind: 'demerger',
        from: 2,
        to: 1,
        exDate: '2024-12-06',
        newSymbol: 'ONESOURCE',
        newIsin: 'INE013P01021',
        costPercent: 10.65,
      },
    });
    expect(
      corporateActionOf({
        symbol: 'HDFC',
        kind: 'merger',
        from: '25',
        to: '42',
        exDate: '2023-07-13',
        ...NONE,
        newSymbol: 'HDFCBANK',
      }),
    ).toEqual({
      ok: true,
      action: {
        symbol: 'HDFC',
        kind: 'merger',
        from: 25,
        to: 42,
        exDate: '2023-07-13',
        newSymbol: 'HDFCBANK',
        newIsin: null,
      },
    });
    // The ratio fields of a symbol change are not shown: it is 1:1 whatever they hold.
    expect(
      corporateActionOf({
        symbol: 'ZOMATO',
        kind: 'symbol_change',
        from: '',
        to: '',
        exDate: '2025-04-09',
        ...NONE,
        newSymbol: 'ETERNAL',
      }),
    ).toMatchObject({ ok: true, action: { from: 1, to: 1, newSymbol: 'ETERNAL' } });
  });

  it("says what is wrong with a demerger's new share and cost", () => {
    expect(
      corporateActionOf({
        symbol: 'STAR',
        kind: 'demerger',
        from: '2',
        to: '1',
        exDate: '2024-12-06',
        newSymbol: 'star',
        newIsin: 'INE013P',
        costPercent: '110',
      }),
    ).toEqual({
      ok: false,
      errors: {
        newSymbol: "Enter the new share's symbol, not STAR's.",
        newIsin: 'Enter the ISIN as 12 letters and digits, like INE013P01021, or leave it empty.',
        costPercent: 'Enter the percentage of the cost that goes to the new share, above 0 and below 100, like 10.65.',
      },
    });
    expect(
      corporateActionOf({ symbol: 'HDFC', kind: 'merger', from: '25', to: '42', exDate: '2023-07-13', ...NONE }),
    ).toEqual({ ok: false, errors: { newSymbol: "Enter the new share's symbol, such as HDFCBANK." } });
  });
});
