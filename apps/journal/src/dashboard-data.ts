import type { CalendarDay, DashboardData, DashboardTrade } from '@bahi/ui';

export interface ClosedTrade extends DashboardTrade {
  /** IST calendar day of the trade, 'YYYY-MM-DD'. */
  tradeDate: string;
  charges: number;
}

/** The dashboard's month: the month of the newest trade, with its totals, daily P&L, equity curve and calendar. */
export function dashboardData(trades: ClosedTrade[], recentCount = 10): DashboardData | null {
  const newest = trades[0];
  if (!newest) return null;
  const month = newest.tradeDate.slice(0, 7);
  const inMonth = trades.filter((t) => t.tradeDate.startsWith(month));
  const byDay = new Map<string, CalendarDay>();
  for (const t of inMonth) {
    const day = byDay.get(t.tradeDate) ?? { pnl: 0, trades: 0 };
    byDay.set(t.tradeDate, { pnl: day.pnl + t.pnl, trades: day.trades + 1 });
  }
  const days = [...byDay.keys()].sort();
  let equity = 0;
  const netPnl = inMonth.reduce((sum, t) => sum + t.pnl, 0);
  const wins = inMonth.filter((t) => t.pnl > 0).length;
  return {
    month,
    summary: {
      netPnl,
      winRate: inMonth.length ? wins / inMonth.length : 0,
      wins,
      trades: inMonth.length,
      expectancy: inMonth.length ? netPnl / inMonth.length : 0,
      charges: inMonth.reduce((sum, t) => sum + t.charges, 0),
    },
    daily: days.map((date) => ({ date, pnl: byDay.get(date)!.pnl })),
    equity: days.map((date) => {
      equity += byDay.get(date)!.pnl;
      return { date, equity };
    }),
    calendar: Object.fromEntries(byDay),
    recentTrades: trades.slice(0, recentCount),
  };
}
