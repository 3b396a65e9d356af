// The tax P&L of a financial year from the journal's closed trades (information for a return, not advice):
//   - speculative business income: intraday equity (Income-tax Act, 1961 s. 43(5));
//   - non-speculative business income: futures, options and commodity derivatives (the provisos to s. 43(5));
//     turnover for tax audit is the sum of each trade's absolute result (ICAI Guidance Note), charges are expenses;
//   - capital gains on listed equity sold from delivery: short term (s. 111A) when held 12 months or less, long term
//     (s. 112A) beyond, each sale split by the holding period of the lots it came from; rates by the sale date
//     (they changed on 23 Jul 2024), the year's s. 112A exemption, and the 31 Jan 2018 grandfathering of cost
//     (s. 55(2)(ac)) when the trader has given the fair market value;
//   - units of non-equity funds (liquid, gold, foreign-share ETFs: ./funds.ts) are outside ss. 111A and 112A: their
//     sales are listed apart, those of a specified mutual fund bought from 1 Apr 2023 (s. 50AA) marked short term;
//   - sales from lots whose buy date is not known (an undated holdings statement): their gain is worked out, but they
//     are in neither head until the lots are dated, and the year says how many lots and how much sale value wait.
// The rules and their sources are data in ./rules.ts. All sums are in paise, so every total is exact.

import { type FundKind, nonEquityFund } from '../import/funds';
import { units } from '../import/units';
import { dateOfDayNumber, dayNumberOf } from '../time/ist';
import {
  actFor,
  CAPITAL_GAINS_RATES,
  capitalGainsRatesOn,
  financialYearOf,
  GRANDFATHERING,
  LONG_TERM_AFTER_MONTHS,
  longTermExemptionFor,
  SPECIFIED_FUND,
  TURNOVER_RULE,
  taxYearLabel,
} from './rules';
import type {
  BusinessIncome,
  CapitalGainRow,
  CapitalGains,
  FundSaleRow,
  FundSales,
  FundSalesTotal,
  LongTermGains,
  RatePeriod,
  Schedule112ARow,
  TaxLot,
  TaxTrade,
  TaxYear,
  UndatedSaleRow,
  UndatedSales,
  UndatedShare,
} from './types';

export interface TaxOptions {
  /** Fair market value per share on 31 Jan 2018, by ISIN or by symbol (either key is looked up). */
  fmv?: ReadonlyMap<string, number>;
}

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: number) => p / 100;

/** The financial years with closed trades or sales in the journal, newest first. */
export function taxYears(trades: readonly TaxTrade[]): string[] {
  const years = new Set<string>();
  for (const t of trades) years.add(financialYearOf(t.exitDate).fy);
  return [...years].sort().reverse();
}

/** True when the sale is long term: held more than LONG_TERM_AFTER_MONTHS months (the day after the anniversary). */
export function isLongTerm(acquired: string, sold: string): boolean {
  const y = Number(acquired.slice(0, 4));
  const m = Number(acquired.slice(5, 7)) - 1 + LONG_TERM_AFTER_MONTHS;
  const d = Number(acquired.slice(8, 10));
  const year = y + Math.floor(m / 12);
  const month = (m % 12) + 1;
  // The same day n months later, or the month's last day when it has no such day (31 Jan → 28/29 Feb).
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const anniversary = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  return sold > anniversary;
}

const daysBetween = (from: string, to: string) => dayNumberOf(to) - dayNumberOf(from);

class BusinessSum {
  trades = 0;
  turnover = 0;
  gross = 0;
  expenses = 0;
  ids: string[] = [];
  add(t: TaxTrade, extraTurnover = 0): void {
    const gross = paise(t.grossPnl ?? 0);
    this.trades++;
    this.turnover += Math.abs(gross) + extraTurnover;
    this.gross += gross;
    this.expenses += paise(t.charges);
    this.ids.push(t.id);
  }
  result(): BusinessIncome {
    return {
      trades: this.trades,
      turnover: rupees(this.turnover),
      gross: rupees(this.gross),
      expenses: rupees(this.expenses),
      net: rupees(this.gross - this.expenses),
      tradeIds: this.ids,
    };
  }
}

/** Splits `total` paise by weights into whole paise that add up to it (the last part takes the remainder). */
function split(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  let left = total;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return left;
    const part = sum === 0 ? 0 : Math.round((total * w) / sum);
    left -= part;
    return part;
  });
}

interface GainParts {
  rows: CapitalGainRow[];
  funds: FundSaleRow[];
  undated: UndatedSaleRow[];
  needsFmv: { symbol: string; isin: string | null }[];
}

type Term = 'short' | 'long' | 'undated' | FundSaleRow['rule'];
/** A lot with a buy date. */
type DatedLot = TaxLot & { acquired: string };

/** A dated lot's group: its holding period for listed equity, its rule for a non-equity fund's units. */
function termOf(lot: DatedLot, sold: string, fund: FundKind | null): Term {
  if (fund === null) return isLongTerm(lot.acquired, sold) ? 'long' : 'short';
  const specified =
    lot.acquired >= SPECIFIED_FUND.acquiredFrom && (fund === 'debt' || sold < SPECIFIED_FUND.debtOnlyFrom);
  return specified ? 'specified' : 'other';
}

/**
 * A delivery sale as capital-gain rows: its lots grouped by holding period (or as undated, when the buy date is not
 * known; or by rule, for a non-equity fund's units), each group's share of the sale.
 */
function gainRows(t: TaxTrade, fmvOf: (t: TaxTrade) => number | undefined, parts: GainParts): void {
  const lots: TaxLot[] =
    t.lots.length > 0 ? t.lots : [{ acquired: t.entryDate, quantity: t.quantity, cost: t.buyValue }];
  const fund = nonEquityFund(t.symbol, t.isin);
  const groups = new Map<Term, TaxLot[]>();
  for (const lot of lots) {
    const term = lot.acquired === null ? 'undated' : termOf(lot as DatedLot, t.exitDate, fund);
    groups.set(term, [...(groups.get(term) ?? []), lot]);
  }
  const terms = [...groups.keys()].sort();
  const quantities = terms.map((term) => units(groups.get(term)!.reduce((s, l) => s + l.quantity, 0)));
  const sale = split(paise(t.sellValue), quantities);
  const stt = paise(t.stt ?? 0);
  const expenses = split(paise(t.charges) - stt, quantities);
  const stts = split(stt, quantities);
  const rate = capitalGainsRatesOn(t.exitDate);
  const fmvPerShare = fmvOf(t);
  terms.forEach((term, i) => {
    if (term === 'undated') {
      const group = groups.get(term)!;
      const actualCost = group.reduce((s, l) => s + paise(l.cost), 0);
      parts.undated.push({
        tradeId: t.id,
        symbol: t.symbol,
        isin: t.isin,
        quantity: quantities[i]!,
        sold: t.exitDate,
        saleValue: rupees(sale[i]!),
        actualCost: rupees(actualCost),
        transferExpenses: rupees(expenses[i]!),
        stt: rupees(stts[i]!),
        gain: rupees(sale[i]! - actualCost - expenses[i]!),
        lots: [...new Set(group.map((l) => l.lot ?? `${t.id}:lot`))],
      });
      return;
    }
    const group = groups.get(term)! as DatedLot[];
    const quantity = quantities[i]!;
    const saleValue = sale[i]!;
    const actualCost = group.reduce((s, l) => s + paise(l.cost), 0);
    const acquired = group.map((l) => l.acquired).sort();
    // What every row of a sale's group says, whichever head it goes to.
    const row = {
      tradeId: t.id,
      symbol: t.symbol,
      isin: t.isin,
      quantity,
      acquiredFrom: acquired[0]!,
      acquiredTo: acquired.at(-1)!,
      sold: t.exitDate,
      daysHeld: daysBetween(acquired[0]!, t.exitDate),
      saleValue: rupees(saleValue),
      actualCost: rupees(actualCost),
      transferExpenses: rupees(expenses[i]!),
      stt: rupees(stts[i]!),
    };
    if (term === 'specified' || term === 'other') {
      parts.funds.push({ ...row, fund: fund!, rule: term, gain: rupees(saleValue - actualCost - expenses[i]!) });
      return;
    }
    // Grandfathered lots (acquired before 1 Feb 2018): cost = max(actual, min(FMV, their share of the sale value)).
    const old = group.filter((l) => l.acquired < GRANDFATHERING.acquiredBefore);
    let costOfAcquisition = actualCost;
    let fmv: number | null = null;
    let needsFmv = false;
    if (old.length > 0) {
      if (fmvPerShare === undefined) needsFmv = true;
      else {
        const oldQuantity = units(old.reduce((s, l) => s + l.quantity, 0));
        const oldCost = old.reduce((s, l) => s + paise(l.cost), 0);
        fmv = Math.round(fmvPerShare * 100 * oldQuantity);
        const oldSale = quantity === 0 ? 0 : Math.round((saleValue * oldQuantity) / quantity);
        costOfAcquisition = actualCost - oldCost + Math.max(oldCost, Math.min(fmv, oldSale));
      }
    }
    if (needsFmv && !parts.needsFmv.some((n) => n.symbol === t.symbol)) {
      parts.needsFmv.push({ symbol: t.symbol, isin: t.isin });
    }
    parts.rows.push({
      ...row,
      term,
      fmv: fmv === null ? null : rupees(fmv),
      needsFmv,
      costOfAcquisition: rupees(costOfAcquisition),
      gain: rupees(saleValue - costOfAcquisition - expenses[i]!),
      rate: term === 'long' ? rate.longTermRate : rate.shortTermRate,
    });
  });
}

/** The year's sales of non-equity funds' units, in sale order, with a total per rule. */
function fundSales(rows: FundSaleRow[]): FundSales {
  const total = (rule: FundSaleRow['rule']): FundSalesTotal => {
    const of = rows.filter((r) => r.rule === rule);
    const sum = (f: (r: FundSaleRow) => number) => rupees(of.reduce((s, r) => s + paise(f(r)), 0));
    return {
      rows: of.length,
      saleValue: sum((r) => r.saleValue),
      actualCost: sum((r) => r.actualCost),
      gain: sum((r) => r.gain),
    };
  };
  return {
    rows: [...rows].sort((a, b) => a.sold.localeCompare(b.sold) || a.symbol.localeCompare(b.symbol)),
    specified: total('specified'),
    other: total('other'),
  };
}

/** The year's sales from undated lots, with each lot counted once however many sales it went into. */
function undatedSales(rows: UndatedSaleRow[]): UndatedSales {
  const shares = new Map<string, UndatedShare & { ids: Set<string>; sale: number; gainPaise: number }>();
  const lots = new Set<string>();
  for (const r of rows) {
    const key = r.isin ?? r.symbol;
    const share = shares.get(key) ?? {
      symbol: r.symbol,
      isin: r.isin,
      lots: 0,
      quantity: 0,
      saleValue: 0,
      gain: 0,
      ids: new Set<string>(),
      sale: 0,
      gainPaise: 0,
    };
    shares.set(key, share);
    share.quantity += r.quantity;
    share.sale += paise(r.saleValue);
    share.gainPaise += paise(r.gain);
    for (const id of r.lots) {
      share.ids.add(id);
      lots.add(id);
    }
  }
  const sum = (f: (r: UndatedSaleRow) => number) => rupees(rows.reduce((s, r) => s + paise(f(r)), 0));
  return {
    rows: [...rows].sort((a, b) => a.sold.localeCompare(b.sold) || a.symbol.localeCompare(b.symbol)),
    lots: lots.size,
    quantity: rows.reduce((s, r) => s + r.quantity, 0),
    saleValue: sum((r) => r.saleValue),
    actualCost: sum((r) => r.actualCost),
    gain: sum((r) => r.gain),
    shares: [...shares.values()]
      .map(({ ids, sale, gainPaise, ...share }) => ({
        ...share,
        lots: ids.size,
        saleValue: rupees(sale),
        gain: rupees(gainPaise),
      }))
      .sort((a, b) => a.symbol.localeCompare(b.symbol)),
  };
}

/** The year's rate periods (a new period where the rates change inside it). */
function periodsOf(from: string, to: string): { from: string; to: string; short: number; long: number }[] {
  const starts = CAPITAL_GAINS_RATES.map((r) => r.from).filter((d) => d > from && d <= to);
  const bounds = [from, ...starts];
  return bounds.map((start, i) => {
    const next = bounds[i + 1];
    const end = next ? dateOfDayNumber(dayNumberOf(next) - 1) : to;
    const rates = capitalGainsRatesOn(start);
    return { from: start, to: end, short: rates.shortTermRate, long: rates.longTermRate };
  });
}

function capitalGains(rows: CapitalGainRow[], periods: ReturnType<typeof periodsOf>, term: 'short' | 'long') {
  const sum = (f: (r: CapitalGainRow) => number) => rows.reduce((s, r) => s + paise(f(r)), 0);
  const byRate: RatePeriod[] = periods.map((p) => {
    const inside = rows.filter((r) => r.sold >= p.from && r.sold <= p.to);
    return {
      from: p.from,
      to: p.to,
      rate: term === 'long' ? p.long : p.short,
      gain: rupees(inside.reduce((s, r) => s + paise(r.gain), 0)),
      rows: inside.length,
    };
  });
  const gains: CapitalGains = {
    rows,
    total: rupees(sum((r) => r.gain)),
    saleValue: rupees(sum((r) => r.saleValue)),
    costOfAcquisition: rupees(sum((r) => r.costOfAcquisition)),
    transferExpenses: rupees(sum((r) => r.transferExpenses)),
    stt: rupees(sum((r) => r.stt)),
    byRate,
  };
  return gains;
}

/**
 * What is left to tax at each rate once losses and an exemption are taken off. Both go against the gains taxed at
 * the highest rate first, the order most favourable to the trader; nothing is taxed below 0.
 */
export function taxableByRate(byRate: readonly RatePeriod[], exemption: number): RatePeriod[] {
  const gains = byRate.map((p) => Math.max(0, paise(p.gain)));
  let reduce = byRate.reduce((s, p) => s + Math.max(0, -paise(p.gain)), 0) + paise(exemption);
  const order = byRate.map((p, i) => ({ i, rate: p.rate })).sort((a, b) => b.rate - a.rate || b.i - a.i);
  for (const { i } of order) {
    const taken = Math.min(reduce, gains[i]!);
    gains[i]! -= taken;
    reduce -= taken;
  }
  return byRate.map((p, i) => ({ ...p, gain: rupees(gains[i]!) }));
}

function schedule112A(rows: readonly CapitalGainRow[]): Schedule112ARow[] {
  const out = new Map<string, Schedule112ARow>();
  for (const r of rows) {
    const acquired = r.acquiredFrom < GRANDFATHERING.acquiredBefore ? 'BE' : 'AE';
    const key = `${r.isin ?? r.symbol}|${acquired}`;
    const row = out.get(key) ?? {
      isin: r.isin,
      symbol: r.symbol,
      acquired,
      quantity: 0,
      saleValue: 0,
      actualCost: 0,
      fmv: acquired === 'BE' ? 0 : null,
      costOfAcquisition: 0,
      transferExpenses: 0,
      gain: 0,
    };
    const add = (a: number, b: number) => rupees(paise(a) + paise(b));
    row.quantity = units(row.quantity + r.quantity);
    row.saleValue = add(row.saleValue, r.saleValue);
    row.actualCost = add(row.actualCost, r.actualCost);
    if (row.fmv !== null) row.fmv = r.fmv === null ? row.fmv : add(row.fmv, r.fmv);
    row.costOfAcquisition = add(row.costOfAcquisition, r.costOfAcquisition);
    row.transferExpenses = add(row.transferExpenses, r.transferExpenses);
    row.gain = add(row.gain, r.gain);
    out.set(key, row);
  }
  return [...out.values()].sort((a, b) => a.symbol.localeCompare(b.symbol) || a.acquired.localeCompare(b.acquired));
}

/** The tax P&L of the financial year `fy` ('2024-25') from the journal's closed trades and sales without a cost. */
export function taxPnl(trades: readonly TaxTrade[], fy: string, options: TaxOptions = {}): TaxYear {
  const year = financialYearOf(`${fy.slice(0, 4)}-04-01`);
  const speculative = new BusinessSum();
  const futures = new BusinessSum();
  const optionsSum = new BusinessSum();
  const commodities = new BusinessSum();
  const all = new BusinessSum();
  const parts: GainParts = { rows: [], funds: [], undated: [], needsFmv: [] };
  const missingCost: string[] = [];
  const fmvOf = (t: TaxTrade) => (t.isin ? options.fmv?.get(t.isin) : undefined) ?? options.fmv?.get(t.symbol);
  for (const t of trades) {
    if (t.exitDate < year.from || t.exitDate > year.to) continue;
    if (t.status === 'missing_cost') {
      missingCost.push(t.id);
      continue;
    }
    if (t.exchange !== 'MCX' && t.segment === 'equity') {
      if (t.product === 'intraday') speculative.add(t);
      else gainRows(t, fmvOf, parts);
      continue;
    }
    // Premium received on selling options counts in turnover only where the Guidance Note says so.
    const premium = TURNOVER_RULE.optionPremiumIncluded && t.segment === 'options' && t.side === 'short';
    const extra = premium ? paise(t.sellValue) : 0;
    (t.exchange === 'MCX' ? commodities : t.segment === 'futures' ? futures : optionsSum).add(t, extra);
    all.add(t, extra);
  }
  const periods = periodsOf(year.from, year.to);
  const shortTerm = capitalGains(
    parts.rows.filter((r) => r.term === 'short'),
    periods,
    'short',
  );
  const longRows = parts.rows.filter((r) => r.term === 'long');
  const long = capitalGains(longRows, periods, 'long');
  const exemption = longTermExemptionFor(fy);
  const longTerm: LongTermGains = {
    ...long,
    exemption,
    exemptionUsed: rupees(Math.min(paise(exemption), Math.max(0, paise(long.total)))),
    taxableByRate: taxableByRate(long.byRate, exemption),
  };
  return {
    fy,
    from: year.from,
    to: year.to,
    act: actFor(fy).name,
    label: taxYearLabel(fy),
    speculative: speculative.result(),
    nonSpeculative: {
      ...all.result(),
      futures: futures.result(),
      options: optionsSum.result(),
      commodities: commodities.result(),
    },
    shortTerm,
    longTerm,
    schedule112A: schedule112A(longRows),
    funds: fundSales(parts.funds),
    undated: undatedSales(parts.undated),
    missingCost,
    needsFmv: parts.needsFmv,
  };
}
