// The rule every screen follows, as a check the tests run over a journal: realised P&L belongs to the IST day a
// trade is closed. So over any range of IST days [from, to], the calendar's days, the equity curve's change, the
// dashboard's net P&L and the funds page's realised P&L are one figure: the net P&L of the closed trades whose exit
// falls in the range, worked out here from the rows themselves.
import type { FundMovement } from '@bahi/ui';
import { expect } from 'vitest';
import { calendarData } from '../calendar/calendar-data';
import { dashboardData } from '../dashboard/dashboard-data';
import type { JournalTrade } from '../data/journal-data';
import { fundsSummary, realisedPnl, returnOnCapital } from '../funds/funds-data';

export interface DayRange {
  from: string;
  to: string;
}

/** The IST day of an instant by plain Date arithmetic (India is UTC+05:30 all year), apart from the app's code. */
export const istDayOf = (iso: string): string => new Date(Date.parse(iso) + 19_800_000).toISOString().slice(0, 10);

/** By definition: the closed trades whose exit instant falls on an IST day of the range. */
export function closedIn(trades: readonly JournalTrade[], { from, to }: DayRange): JournalTrade[] {
  return trades.filter((t) => {
    if (t.status !== 'closed' || !t.exitTime) return false;
    const day = istDayOf(t.exitTime);
    return day >= from && day <= to;
  });
}

export const sumNet = (trades: readonly JournalTrade[]): number => trades.reduce((s, t) => s + (t.netPnl ?? 0), 0);

/** 'YYYY-MM' of every month from `from`'s to `to`'s. */
function monthsOf({ from, to }: DayRange): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    out.push(month);
    if (month >= last) return out;
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
}

/** Equity at the last point on or before `date` of a curve in date order (0 before its first point). */
function equityAt(points: readonly { date: string; value: number }[], date: string): number {
  let value = 0;
  for (const p of points) if (p.date <= date) value = p.value;
  return value;
}

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The deepest peak-to-trough fall of a curve, the peak starting at ₹0. */
export function deepestFall(points: readonly { equity: number }[]): number {
  let peak = 0;
  let fall = 0;
  for (const p of points) {
    peak = Math.max(peak, p.equity);
    fall = Math.max(fall, peak - p.equity);
  }
  return fall;
}

/**
 * Checks the invariant over `range`, each screen's figure computed by the app's own functions from `trades` (and
 * `movements`, which move capital but never P&L): the calendar (every month the range touches, its days in the
 * range), the all-time equity curve, the dashboard for the range (net P&L, its own curve, its days, its drawdown)
 * and the funds page (realised P&L over the range, and the capital curve's trading P&L). Returns the expected sum.
 */
export function expectOneFigure(
  trades: readonly JournalTrade[],
  movements: readonly FundMovement[],
  range: DayRange,
  today: string,
): { netPnl: number; trades: number } {
  const at = `${range.from} – ${range.to}`;
  const rows = closedIn(trades, range);
  const expected = sumNet(rows);

  // Calendar: the days of the range, month by month.
  const days = monthsOf(range).flatMap((m) =>
    calendarData(trades, m).days.filter((d) => d.date >= range.from && d.date <= range.to),
  );
  const traded = days.filter((d) => d.trades > 0);
  expect(
    days.reduce((s, d) => s + d.netPnl, 0),
    `calendar ${at}`,
  ).toBeCloseTo(expected, 2);
  expect(
    days.reduce((s, d) => s + d.trades, 0),
    `calendar trades ${at}`,
  ).toBe(rows.length);

  // The all-time equity curve: its change from the close before the range to the range's last close.
  const all = dashboardData(trades, null);
  const curve = (all?.equity ?? []).map((p) => ({ date: p.date, value: p.equity }));
  expect(equityAt(curve, range.to) - equityAt(curve, dayBefore(range.from)), `equity curve ${at}`).toBeCloseTo(
    expected,
    2,
  );

  // The dashboard for the range: its net P&L, its own curve (from ₹0), its days, best and worst day, drawdown.
  const dash = dashboardData(trades, range);
  if (all) expect(dash, `dashboard ${at}`).not.toBeNull();
  if (dash) {
    const s = dash.summary;
    expect(s.netPnl.value ?? 0, `dashboard net ${at}`).toBeCloseTo(expected, 2);
    expect(s.trades, `dashboard trades ${at}`).toBe(rows.length);
    const first = dash.equity[0];
    expect((dash.equity.at(-1)?.equity ?? 0) - (first?.equity ?? 0), `dashboard curve ${at}`).toBeCloseTo(expected, 2);
    if (first) expect(first, `dashboard curve starts at ₹0 ${at}`).toMatchObject({ equity: 0, trades: 0 });
    expect(s.tradingDays, `trading days ${at}`).toBe(traded.length);
    expect(
      dash.equity.filter((d) => d.trades > 0).map((d) => [d.date, d.trades]),
      `daily bars ${at}`,
    ).toEqual(traded.map((d) => [d.date, d.trades]));
    if (traded.length) {
      expect(s.bestDay.value, `best day ${at}`).toBeCloseTo(Math.max(...traded.map((d) => d.netPnl)), 2);
      expect(s.worstDay.value, `worst day ${at}`).toBeCloseTo(Math.min(...traded.map((d) => d.netPnl)), 2);
      // The drawdown card is the deepest fall of the curve the dashboard draws, between the days it names.
      const dd = s.maxDrawdown;
      expect(dd.value, `drawdown ${at}`).toBeCloseTo(deepestFall(dash.equity), 6);
      if (dd.troughDate) {
        const value = (date: string | null) => dash.equity.find((d) => d.date === date)?.equity ?? 0;
        expect(value(dd.peakDate) - value(dd.troughDate), `drawdown days ${at}`).toBeCloseTo(dd.value ?? 0, 6);
      }
    }
    for (const t of dash.recentTrades) {
      const day = istDayOf(t.closedAt);
      expect(day >= range.from && day <= range.to, `recent trade ${t.id} ${at}`).toBe(true);
    }
  }

  // Funds: the realised P&L of the range, and the capital curve's trading P&L over it.
  const funds = returnOnCapital(movements, realisedPnl(trades), range.from, range.to);
  expect(funds.netPnl, `funds ${at}`).toBeCloseTo(expected, 2);
  expect(funds.trades, `funds trades ${at}`).toBe(rows.length);
  const capital = fundsSummary(movements, trades, today).capital.map((p) => ({ date: p.date, value: p.tradingPnl }));
  expect(equityAt(capital, range.to) - equityAt(capital, dayBefore(range.from)), `capital curve ${at}`).toBeCloseTo(
    expected,
    2,
  );
  return { netPnl: expected, trades: rows.length };
}
