// A heavy trader's eight-year Zerodha Console tradebook (2 Apr 2018 to 31 Mar 2026), generated deterministically for
// the benchmarks: the import's parse and plan here (`npm run bench` of this package) and the app's end-to-end history
// bench (apps/journal/bench/history.ts), which imports two of these files through the real app.
//
// Shaped like the real thing: many intraday round trips in liquid shares and index options; delivery positions bought
// and sold in parts over months and years, some held from before the file (their sales wait for an opening lot) and
// one through its real split (TATASTEEL 1:10, ex-date 28 Jul 2022); NIFTY weekly and monthly options, BANKNIFTY
// monthly options and index futures held for days, with the symbols, expiries (Thursday, Tuesday from September 2025,
// a day earlier over a holiday) and dated lot sizes (lots/lot-sizes.ts) of their day; every share with its ISIN;
// orders filled in one to three parts; exchange trade numbers that restart every day, as real ones do, so the same
// trade number appears on many days with different order ids. The market (prices, index levels) is the same for
// every file; the trading (which orders, when, how many) follows the file's seed, so a second file has other fills in
// the same instruments.
import { lotSize } from '../lots/lot-sizes';
import type { CorporateAction } from './match';

/** The published CSV header (INDIA.md), with the F&O export's expiry_date. */
export const TRADEBOOK_HEADER =
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date';

export interface TradebookOptions {
  /** Rows (fills) in the file; default 50,000. */
  fills?: number;
  /**
   * Which of the trader's files: 1 (the default) or 2, with other fills in the same instruments over the same years,
   * its own order numbers and trade numbers that never meet file 1's on the same day (as on the exchange).
   */
  file?: 1 | 2;
}

/** What a bench types into the app for the share held from before the file. */
export interface OpeningLot {
  symbol: string;
  quantity: number;
  price: number;
  /** YYYY-MM-DD, before the history. */
  heldOn: string;
}

export interface GeneratedTradebook {
  /** The CSV text, header first. */
  text: string;
  rows: number;
  firstDay: string;
  lastDay: string;
  /** File 1: the shares held before it, whose early sales have no cost basis in the file alone. */
  openingLots: readonly OpeningLot[];
  /** The split inside the history: the holdings multiply on its ex-date, and the price divides. */
  split: CorporateAction & { kind: 'split' };
}

interface Share {
  symbol: string;
  /** The share's ISIN today (a split changes the ISIN; one per symbol is kept here). */
  isin: string;
  /** Price on 2 Apr 2018 and on 31 Mar 2026, in the units of before any split. */
  from: number;
  to: number;
}

// ISINs as NSE lists them (each with a valid check digit: see generate-tradebook.test.ts).
const INTRADAY_SHARES: readonly Share[] = [
  { symbol: 'RELIANCE', isin: 'INE002A01018', from: 920, to: 1400 },
  { symbol: 'SBIN', isin: 'INE062A01020', from: 250, to: 1050 },
  { symbol: 'TATAMOTORS', isin: 'INE155A01022', from: 340, to: 680 },
  { symbol: 'ICICIBANK', isin: 'INE090A01021', from: 280, to: 1400 },
  { symbol: 'AXISBANK', isin: 'INE238A01034', from: 510, to: 1150 },
  { symbol: 'ADANIENT', isin: 'INE423A01024', from: 150, to: 2400 },
  { symbol: 'YESBANK', isin: 'INE528G01035', from: 310, to: 20 },
  { symbol: 'IDEA', isin: 'INE669E01016', from: 75, to: 9 },
  { symbol: 'SUZLON', isin: 'INE040H01021', from: 12, to: 55 },
  { symbol: 'INFY', isin: 'INE009A01021', from: 580, to: 1600 },
  { symbol: 'HDFCBANK', isin: 'INE040A01034', from: 950, to: 1000 },
  { symbol: 'TATAPOWER', isin: 'INE245A01021', from: 80, to: 380 },
];
const DELIVERY_SHARES: readonly Share[] = [
  { symbol: 'TATASTEEL', isin: 'INE081A01020', from: 600, to: 1600 },
  { symbol: 'ITC', isin: 'INE154A01025', from: 260, to: 410 },
  { symbol: 'HINDUNILVR', isin: 'INE030A01027', from: 1400, to: 2350 },
  { symbol: 'ASIANPAINT', isin: 'INE021A01026', from: 1100, to: 2300 },
  { symbol: 'TCS', isin: 'INE467B01029', from: 1400, to: 3200 },
  { symbol: 'LT', isin: 'INE018A01030', from: 1300, to: 3600 },
  { symbol: 'COALINDIA', isin: 'INE522F01014', from: 280, to: 390 },
  { symbol: 'NTPC', isin: 'INE733E01010', from: 165, to: 340 },
  { symbol: 'TITAN', isin: 'INE280A01028', from: 900, to: 3400 },
  { symbol: 'MARUTI', isin: 'INE585B01010', from: 8900, to: 12500 },
];
/** Tata Steel's sub-division of one ₹10 share into ten of ₹1, ex-date 28 July 2022. */
const SPLIT = { symbol: 'TATASTEEL', kind: 'split', from: 1, to: 10, exDate: '2022-07-28' } as const;
/** File 1's holdings from before it: 120 TATASTEEL (before the split), 500 ITC, 40 HINDUNILVR. */
const HELD_BEFORE: readonly OpeningLot[] = [
  { symbol: 'TATASTEEL', quantity: 120, price: 480.35, heldOn: '2017-06-15' },
  { symbol: 'ITC', quantity: 500, price: 271.2, heldOn: '2016-11-08' },
  { symbol: 'HINDUNILVR', quantity: 40, price: 905.5, heldOn: '2016-03-22' },
];

/** NIFTY on a few days (roughly as it closed), joined by straight lines. */
const NIFTY: readonly [string, number][] = [
  ['2018-04-02', 10200],
  ['2018-08-28', 11700],
  ['2018-10-26', 10000],
  ['2019-06-03', 12000],
  ['2020-01-14', 12350],
  ['2020-03-23', 7600],
  ['2020-11-30', 13000],
  ['2021-10-18', 18500],
  ['2022-06-17', 15300],
  ['2022-12-01', 18800],
  ['2023-03-28', 16950],
  ['2023-12-29', 21700],
  ['2024-09-26', 26200],
  ['2025-03-03', 22100],
  ['2025-09-30', 24600],
  ['2026-03-31', 25500],
];

const FIRST_DAY = '2018-04-02';
const LAST_DAY = '2026-03-31';
/** NSE holidays that fall on the same date every year (the others move with the calendar and are left out). */
const HOLIDAYS = new Set(['01-26', '05-01', '08-15', '10-02', '12-25']);
/** NSE's index options and futures expire on Tuesdays from 1 September 2025, on Thursdays before. */
const TUESDAY_EXPIRIES_FROM = '2025-09-01';
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** A weekly option's month in its symbol: 1 to 9, then O, N, D. */
const WEEKLY_MONTH = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'O', 'N', 'D'];
const DAY_MS = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isTradingDay = (ms: number) => {
  const d = new Date(ms);
  const weekday = d.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(iso(ms).slice(5));
};
/** `ms` if it is a trading day, else the trading day before it (an expiry on a holiday moves a day earlier). */
const onOrBeforeTradingDay = (ms: number) => {
  let t = ms;
  while (!isTradingDay(t)) t -= DAY_MS;
  return t;
};

function tradingDays(): string[] {
  const days: string[] = [];
  for (let t = msOf(FIRST_DAY); t <= msOf(LAST_DAY); t += DAY_MS) if (isTradingDay(t)) days.push(iso(t));
  return days;
}

const expiryWeekday = (day: string) => (day >= TUESDAY_EXPIRIES_FROM ? 2 : 4);

/** The monthly contract's expiry of `year`-`month` (1-12): the month's last Thursday (Tuesday), or the day before. */
function monthlyExpiry(year: number, month: number): string {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  let t = Date.UTC(year, month, 0); // the month's last day
  while (new Date(t).getUTCDay() !== expiryWeekday(first)) t -= DAY_MS;
  return iso(onOrBeforeTradingDay(t));
}

/** The monthly contract trading on `day`: this month's, or next month's once this month's has expired. */
function currentMonthly(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const expiry = monthlyExpiry(year, month);
  return expiry >= day ? expiry : month === 12 ? monthlyExpiry(year + 1, 1) : monthlyExpiry(year, month + 1);
}

/** The nearest weekly expiry on or after `day`. */
function currentWeekly(day: string): string {
  let t = msOf(day);
  while (new Date(t).getUTCDay() !== expiryWeekday(iso(t))) t += DAY_MS;
  const expiry = iso(onOrBeforeTradingDay(t));
  // A holiday can move the expiry before `day` only when `day` is itself past it: then it is next week's.
  return expiry >= day ? expiry : currentWeekly(iso(t + DAY_MS));
}

/**
 * A share's price on `date` (`t` of the way through the history): log-linear from its 2018 to its 2026 price, a slow
 * swing and a day's wobble; the split share's divides on its ex-date.
 */
function sharePrice(share: Share, index: number, date: string, t: number): number {
  const trend = share.from * (share.to / share.from) ** t;
  const swing = 1 + 0.12 * Math.sin(2 * Math.PI * (t * 5 + index / 7));
  const split = share.symbol === SPLIT.symbol && date >= SPLIT.exDate ? SPLIT.to / SPLIT.from : 1;
  return (trend * swing * (1 + 0.01 * noise(index, msOf(date) / DAY_MS))) / split;
}

function niftyOn(day: string): number {
  for (let i = 1; i < NIFTY.length; i++) {
    const [d1, v1] = NIFTY[i] as [string, number];
    if (day > d1) continue;
    const [d0, v0] = NIFTY[i - 1] as [string, number];
    const f = (msOf(day) - msOf(d0)) / (msOf(d1) - msOf(d0));
    return v0 + (v1 - v0) * f;
  }
  return (NIFTY.at(-1) as [string, number])[1];
}

/** A fixed value in [-1, 1) for (a, b): the market's wobble is the same in every file. */
function noise(a: number, b: number): number {
  let h = Math.imul(a + 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h ^= h >>> 13;
  return ((h >>> 0) % 2_000_000) / 1_000_000 - 1;
}

const tick = (price: number) => Math.max(0.05, Math.round(price * 20) / 20);
const clock = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');

interface Contract {
  symbol: string;
  isin: string;
  exchange: 'NSE' | 'NFO';
  segment: 'EQ' | 'FO';
  series: string;
  expiry: string;
  /** Units per lot (1 for shares): every order is whole lots. */
  lot: number;
}

interface Order {
  contract: Contract;
  side: 'buy' | 'sell';
  id: string;
}

interface Row {
  order: Order;
  /** Seconds after midnight, IST. */
  at: number;
  quantity: number;
  price: number;
}

/** Generates the tradebook: the same text for the same options, every run. */
export function generateZerodhaTradebook(options: TradebookOptions = {}): GeneratedTradebook {
  const target = options.fills ?? 50_000;
  const file = options.file ?? 1;
  let seed = file === 1 ? 20_261_121 : 20_261_202;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  const days = tradingDays();
  const dayOf = (i: number) => days[i] ?? LAST_DAY;
  // Each day's contracts are worked out once.
  const monthlies = days.map(currentMonthly);
  const weeklies = days.map(currentWeekly);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const rowsByDay: Row[][] = days.map(() => []);
  const scheduled: (() => void)[][] = days.map(() => []);
  let orderNumber = 0;
  let total = 0;

  /** An order of `lots` lots filled in one to three parts a second or two apart, at `price` give or take a tick. */
  function place(day: number, contract: Contract, side: Order['side'], lots: number, price: number, at: number) {
    // Order numbers: 16 digits, unique over the years; file 2's run in a range of their own.
    orderNumber++;
    const base = (contract.segment === 'EQ' ? 1_300_000_000_000_000 : 1_000_000_000_000_000) + (file - 1) * 4e11;
    const order: Order = { contract, side, id: String(base + orderNumber * 7) };
    const parts = Math.min(lots, random() < 0.88 ? 1 : random() < 0.75 ? 2 : 3);
    let left = lots;
    for (let p = 0; p < parts; p++) {
      const share = p === parts - 1 ? left : Math.max(1, Math.floor(left / (parts - p)) - between(0, 1));
      left -= share;
      const slip = p === 0 ? 0 : (side === 'buy' ? 0.05 : -0.05) * between(0, 1);
      rowsByDay[day]?.push({
        order,
        at: at + p * between(0, 2),
        quantity: share * contract.lot,
        price: tick(price + slip),
      });
    }
    total += parts;
  }

  const shareContract = (s: Share): Contract => ({
    symbol: s.symbol,
    isin: s.isin,
    exchange: 'NSE',
    segment: 'EQ',
    series: 'EQ',
    expiry: '',
    lot: 1,
  });
  const shares = new Map([...INTRADAY_SHARES, ...DELIVERY_SHARES].map((s) => [s.symbol, shareContract(s)]));
  const shareIndex = new Map([...INTRADAY_SHARES, ...DELIVERY_SHARES].map((s, i) => [s.symbol, i]));
  const priceOf = (s: Share, day: number) =>
    sharePrice(s, shareIndex.get(s.symbol) ?? 0, dayOf(day), day / (days.length - 1));

  /** An index option or future trading on `day` (weekly NIFTY options within the month, monthly otherwise). */
  function derivative(day: number, kind: 'weekly' | 'monthly' | 'future'): { contract: Contract; price: number } {
    const date = dayOf(day);
    const underlying = kind === 'weekly' || random() < 0.6 ? 'NIFTY' : 'BANKNIFTY';
    const monthly = monthlies[day] as string;
    const expiry = kind === 'weekly' ? (weeklies[day] as string) : monthly;
    const yy = expiry.slice(2, 4);
    const month = Number(expiry.slice(5, 7)) - 1;
    const level = niftyOn(date) * (underlying === 'NIFTY' ? 1 : 2.45 - (0.25 * day) / days.length);
    const lot = lotSize(underlying, expiry) ?? 1;
    if (kind === 'future') {
      const symbol = `${underlying}${yy}${MONTHS[month]}FUT`;
      return {
        contract: { symbol, isin: '', exchange: 'NFO', segment: 'FO', series: 'FUTIDX', expiry, lot },
        price: level * (1 + 0.002 * noise(day, 99)),
      };
    }
    const step = underlying === 'NIFTY' ? 50 : 100;
    const strike = Math.round(level / step) * step + between(-4, 4) * step;
    const type = random() < 0.5 ? 'CE' : 'PE';
    // The week that holds the monthly expiry trades the monthly contract, written without the day.
    const symbol =
      expiry === monthly
        ? `${underlying}${yy}${MONTHS[month]}${strike}${type}`
        : `${underlying}${yy}${WEEKLY_MONTH[month]}${expiry.slice(8, 10)}${strike}${type}`;
    const premium = level * (0.002 + 0.01 * random());
    return {
      contract: { symbol, isin: '', exchange: 'NFO', segment: 'FO', series: 'OPTIDX', expiry, lot },
      price: premium,
    };
  }

  /** A round trip within the day: in between 09:15 and 14:45, out 2 to 120 minutes later (by 15:20). */
  function intraday(day: number) {
    const at = between(9 * 3600 + 15 * 60 + 5, 14 * 3600 + 45 * 60);
    const out = Math.min(at + between(120, 7200), 15 * 3600 + 20 * 60);
    const long = random() < 0.65;
    let contract: Contract;
    let price: number;
    let lots: number;
    let exit: number;
    if (random() < 0.55) {
      const share = pick(INTRADAY_SHARES);
      contract = shares.get(share.symbol) as Contract;
      price = priceOf(share, day) * (1 + 0.01 * (random() - 0.5));
      lots = Math.max(1, Math.round(between(50_000, 500_000) / price));
      exit = price * (1 + 0.016 * (random() - 0.45));
    } else {
      const option = derivative(day, random() < 0.7 ? 'weekly' : 'monthly');
      contract = option.contract;
      price = option.price;
      lots = between(1, 10);
      exit = price * (0.6 + 0.8 * random());
    }
    place(day, contract, long ? 'buy' : 'sell', lots, price, at);
    place(day, contract, long ? 'sell' : 'buy', lots, exit, out);
  }

  /** An option or future bought (or sold) today and closed on a later day, by its expiry. */
  function positional(day: number) {
    const isFuture = random() < 0.3;
    const { contract, price } = derivative(day, isFuture ? 'future' : random() < 0.5 ? 'weekly' : 'monthly');
    const last = Math.min(dayIndex.get(contract.expiry) ?? days.length - 1, day + (isFuture ? 10 : 6));
    if (last <= day) return intraday(day);
    const lots = isFuture ? between(1, 3) : between(1, 8);
    const long = random() < 0.7;
    const at = between(9 * 3600 + 20 * 60, 15 * 3600 + 10 * 60);
    place(day, contract, long ? 'buy' : 'sell', lots, price, at);
    const exitDay = between(day + 1, last);
    const drift = isFuture ? 1 + 0.03 * (random() - 0.5) : 0.3 + 1.5 * random();
    scheduled[exitDay]?.push(() =>
      place(
        exitDay,
        contract,
        long ? 'sell' : 'buy',
        lots,
        price * drift,
        between(9 * 3600 + 20 * 60, 15 * 3600 + 20 * 60),
      ),
    );
  }

  // Delivery holdings in shares; file 1 starts with the holdings from before it, whose first moves are sales.
  const held = new Map(DELIVERY_SHARES.map((s) => [s.symbol, 0]));
  const sellFirst = new Set<string>();
  if (file === 1) {
    for (const lot of HELD_BEFORE) {
      held.set(lot.symbol, lot.quantity);
      sellFirst.add(lot.symbol);
    }
  }
  let split = false;

  /** A delivery buy of ₹20,000 to ₹2 lakh, or a sale of a fifth to two thirds of what is held. */
  function delivery(day: number) {
    const share = pick(DELIVERY_SHARES);
    const holding = held.get(share.symbol) ?? 0;
    const price = priceOf(share, day) * (1 + 0.01 * (random() - 0.5));
    const at = between(9 * 3600 + 20 * 60, 15 * 3600 + 25 * 60);
    const sell = holding > 0 && (sellFirst.has(share.symbol) || random() < 0.45);
    if (sell) {
      const quantity = Math.max(1, Math.min(holding, Math.round(holding * (0.2 + 0.47 * random()))));
      held.set(share.symbol, holding - quantity);
      if (holding - quantity === 0) sellFirst.delete(share.symbol);
      place(day, shares.get(share.symbol) as Contract, 'sell', quantity, price, at);
    } else {
      sellFirst.delete(share.symbol);
      const quantity = Math.max(1, Math.round(between(20_000, 200_000) / price));
      held.set(share.symbol, holding + quantity);
      place(day, shares.get(share.symbol) as Contract, 'buy', quantity, price, at);
    }
  }

  for (let day = 0; day < days.length && total < target; day++) {
    if (!split && dayOf(day) >= SPLIT.exDate) {
      split = true;
      held.set(SPLIT.symbol, ((held.get(SPLIT.symbol) ?? 0) * SPLIT.to) / SPLIT.from);
    }
    for (const exit of scheduled[day] ?? []) exit();
    // The day's share of the file; intraday round trips fill it up. (A small file has days without new positions.)
    const share = Math.round(((day + 1) * target) / days.length);
    if (total < share && random() < 0.4) delivery(day);
    if (total < share && random() < 0.3) positional(day);
    while (total < share) intraday(day);
  }

  // Each day in time order; trade numbers restart every day, per segment, rising through the day (file 2's in a
  // range of their own, as the exchange never gives two fills of one day the same number).
  const lines = [TRADEBOOK_HEADER];
  let firstDay = '';
  let lastDay = '';
  for (const [day, rows] of rowsByDay.entries()) {
    if (lines.length > target) break;
    if (rows.length === 0) continue;
    rows.sort((a, b) => a.at - b.at);
    const date = dayOf(day);
    const next = { EQ: 10_000_000 + (file - 1) * 5_000_000, FO: 30_000_000 + (file - 1) * 5_000_000 };
    for (const row of rows) {
      if (lines.length > target) break;
      const c = row.order.contract;
      next[c.segment] += between(1, 25);
      lines.push(
        [
          c.symbol,
          c.isin,
          date,
          c.exchange,
          c.segment,
          c.series,
          row.order.side,
          'false',
          row.quantity.toFixed(6),
          row.price.toFixed(6),
          next[c.segment],
          row.order.id,
          `${date}T${clock(row.at)}`,
          c.expiry,
        ].join(','),
      );
      firstDay ||= date;
      lastDay = date;
    }
  }
  return {
    text: `${lines.join('\n')}\n`,
    rows: lines.length - 1,
    firstDay,
    lastDay,
    openingLots: file === 1 ? HELD_BEFORE : [],
    split: SPLIT,
  };
}
