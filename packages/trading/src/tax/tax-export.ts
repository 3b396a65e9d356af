// The tax P&L as sheets for a tax preparer (CSV or XLSX): the summary a return needs (business income, Schedule CG
// by rate, the s. 112A exemption), every capital-gain row, Schedule 112A, the sales waiting for buy dates, and the
// business trades behind the totals.
import type { Sheet, SheetCell } from '../export/xlsx-writer';
import { actFor, TAX_DISCLAIMER } from './rules';
import type { BusinessIncome, CapitalGainRow, RatePeriod, TaxTrade, TaxYear } from './types';

const business = (name: string, b: BusinessIncome): SheetCell[] => [
  name,
  b.trades,
  b.turnover,
  b.gross,
  b.expenses,
  b.net,
];
const period = (p: RatePeriod) => `${p.from} to ${p.to} at ${p.rate}%`;

const gainColumns = [
  'Symbol',
  'ISIN',
  'Quantity',
  'Acquired from',
  'Acquired to',
  'Sold',
  'Days held',
  'Full value of consideration',
  'Actual cost',
  'FMV on 31 Jan 2018',
  'Cost of acquisition',
  'Transfer expenses (no STT)',
  'STT (not deductible)',
  'Gain',
  'Rate %',
];
const gainRow = (r: CapitalGainRow): SheetCell[] => [
  r.symbol,
  r.isin,
  r.quantity,
  r.acquiredFrom,
  r.acquiredTo,
  r.sold,
  r.daysHeld,
  r.saleValue,
  r.actualCost,
  r.fmv,
  r.costOfAcquisition,
  r.transferExpenses,
  r.stt,
  r.gain,
  r.rate,
];

/** The year's tax P&L as sheets; `trades` gives the business heads' trades (any superset of them). */
export function taxReportSheets(year: TaxYear, trades: readonly TaxTrade[]): Sheet[] {
  const sections = actFor(year.fy).sections;
  const { speculative, nonSpeculative: ns, shortTerm, longTerm } = year;
  const summary: SheetCell[][] = [
    ['Tax P&L', year.label],
    ['Act', year.act],
    ['Period', `${year.from} to ${year.to}`],
    [TAX_DISCLAIMER],
    [],
    ['Business income', 'Trades', 'Turnover', 'Gross result', 'Expenses (charges)', 'Net'],
    business(`Speculative: intraday equity (${sections.speculative})`, speculative),
    business(`Non-speculative: F&O and commodities (${sections.nonSpeculative})`, ns),
    business('  of which futures', ns.futures),
    business('  of which options', ns.options),
    business('  of which commodity derivatives', ns.commodities),
    [],
    [
      'Capital gains (Schedule CG)',
      'Sales',
      'Full value of consideration',
      'Cost of acquisition',
      'Transfer expenses',
      'Gain',
    ],
    [
      `Short term, listed equity (${sections.shortTerm})`,
      shortTerm.rows.length,
      shortTerm.saleValue,
      shortTerm.costOfAcquisition,
      shortTerm.transferExpenses,
      shortTerm.total,
    ],
    ...shortTerm.byRate.map((p): SheetCell[] => [`  ${period(p)}`, p.rows, null, null, null, p.gain]),
    [
      `Long term, listed equity (${sections.longTerm})`,
      longTerm.rows.length,
      longTerm.saleValue,
      longTerm.costOfAcquisition,
      longTerm.transferExpenses,
      longTerm.total,
    ],
    ...longTerm.byRate.map((p): SheetCell[] => [`  ${period(p)}`, p.rows, null, null, null, p.gain]),
    ['  Exemption for the year', null, null, null, null, longTerm.exemption],
    ['  Exemption used', null, null, null, null, longTerm.exemptionUsed],
    ...longTerm.taxableByRate.map((p): SheetCell[] => [`  Taxable, ${period(p)}`, null, null, null, null, p.gain]),
    [
      'STT paid on sales (not deductible)',
      null,
      null,
      null,
      null,
      Math.round((shortTerm.stt + longTerm.stt) * 100) / 100,
    ],
    ...(year.undated.rows.length > 0
      ? [
          [
            `Sales from ${year.undated.lots} lots with no buy date: in neither head until dated`,
            year.undated.rows.length,
            year.undated.saleValue,
            year.undated.actualCost,
            null,
            year.undated.gain,
          ],
        ]
      : []),
    ...(year.funds.specified.rows > 0
      ? [
          [
            `Non-equity fund units bought from 1 Apr 2023 (${sections.specifiedFund}): short term, slab rate`,
            year.funds.specified.rows,
            year.funds.specified.saleValue,
            year.funds.specified.actualCost,
            null,
            year.funds.specified.gain,
          ],
        ]
      : []),
    ...(year.funds.other.rows > 0
      ? [
          [
            'Other non-equity fund units: by holding period, not ss. 111A/112A',
            year.funds.other.rows,
            year.funds.other.saleValue,
            year.funds.other.actualCost,
            null,
            year.funds.other.gain,
          ],
        ]
      : []),
    [],
    ['Sales with no cost basis, left out', year.missingCost.length],
    ['Shares acquired before 1 Feb 2018 without their 31 Jan 2018 value', year.needsFmv.map((n) => n.symbol).join(' ')],
  ];
  const byId = new Map(trades.map((t) => [t.id, t]));
  const businessTrades: SheetCell[][] = [
    ['Head', 'Symbol', 'Entry', 'Exit', 'Quantity', 'Buy value', 'Sell value', 'Gross result', 'Charges', 'Net'],
  ];
  for (const [head, ids] of [
    ['Speculative', speculative.tradeIds],
    ['Non-speculative', ns.tradeIds],
  ] as const) {
    for (const id of ids) {
      const t = byId.get(id);
      if (!t) continue;
      const gross = t.grossPnl ?? 0;
      businessTrades.push([
        head,
        t.symbol,
        t.entryDate,
        t.exitDate,
        t.quantity,
        t.buyValue,
        t.sellValue,
        gross,
        t.charges,
        Math.round((gross - t.charges) * 100) / 100,
      ]);
    }
  }
  // Only a year with sales waiting for buy dates has their sheet.
  const undated: Sheet[] =
    year.undated.rows.length === 0
      ? []
      : [
          {
            name: 'Waiting for buy dates',
            rows: [
              [
                'Symbol',
                'ISIN',
                'Quantity',
                'Sold',
                'Full value of consideration',
                'Actual cost',
                'Transfer expenses (no STT)',
                'STT (not deductible)',
                'Gain (short or long term once dated)',
              ],
              ...year.undated.rows.map((r): SheetCell[] => [
                r.symbol,
                r.isin,
                r.quantity,
                r.sold,
                r.saleValue,
                r.actualCost,
                r.transferExpenses,
                r.stt,
                r.gain,
              ]),
            ],
          },
        ];
  // Only a year with sales of non-equity funds has their sheet.
  const funds: Sheet[] =
    year.funds.rows.length === 0
      ? []
      : [
          {
            name: 'Non-equity funds',
            rows: [
              [
                'Symbol',
                'ISIN',
                'Kind',
                'Rule',
                'Quantity',
                'Acquired from',
                'Acquired to',
                'Sold',
                'Days held',
                'Full value of consideration',
                'Actual cost',
                'Transfer expenses (no STT)',
                'STT (not deductible)',
                'Gain',
              ],
              ...year.funds.rows.map((r): SheetCell[] => [
                r.symbol,
                r.isin,
                r.fund,
                r.rule === 'specified' ? `${sections.specifiedFund}: short term, slab rate` : 'by holding period',
                r.quantity,
                r.acquiredFrom,
                r.acquiredTo,
                r.sold,
                r.daysHeld,
                r.saleValue,
                r.actualCost,
                r.transferExpenses,
                r.stt,
                r.gain,
              ]),
            ],
          },
        ];
  return [
    { name: 'Summary', rows: summary },
    { name: 'Short term 111A', rows: [gainColumns, ...shortTerm.rows.map(gainRow)] },
    { name: 'Long term 112A', rows: [gainColumns, ...longTerm.rows.map(gainRow)] },
    {
      name: 'Schedule 112A',
      rows: [
        [
          'ISIN',
          'Name of the share',
          'Acquired (BE: before 1 Feb 2018, AE: after)',
          'Quantity',
          'Full value of consideration',
          'Cost without indexation',
          'FMV on 31 Jan 2018',
          'Cost of acquisition',
          'Transfer expenses',
          'Balance (gain)',
        ],
        ...year.schedule112A.map((r): SheetCell[] => [
          r.isin,
          r.symbol,
          r.acquired,
          r.quantity,
          r.saleValue,
          r.actualCost,
          r.fmv,
          r.costOfAcquisition,
          r.transferExpenses,
          r.gain,
        ]),
      ],
    },
    ...undated,
    ...funds,
    { name: 'Business trades', rows: businessTrades },
  ];
}
