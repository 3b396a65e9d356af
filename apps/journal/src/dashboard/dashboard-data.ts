// The dashboard's figures for a period, from the journal the other areas share: the statistics are
// @bahi/trading's `summarize`; this module only picks the period's trades and shapes what the screen shows. A trade
// belongs to the period its IST exit day falls in (when its P&L was realised), as on the calendar and funds.
import { summarize, type TradeForStats } from '@bahi/trading';
import type { DashboardData, DashboardPeriod } from '@bahi/ui';
import { chargeLines } from '../data/charge-lines';
import { type JournalTrade, toStatsTrade } from '../data/journal-data';

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The IST dates a period covers, both inclusive, up to `today` (an IST date); null for all time.
 * India's financial year runs 1 April to 31 March.
 */
export function periodRange(period: DashboardPeriod, today: string): { from: string; to: string } | null {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (period) {
    case 'month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'fy':
      return { from: `${month >= 4 ? year : year - 1}-04-01`, to: today };
    case 'all':
      return null;
  }
}

const SEGMENT_LABELS = { equity: 'Equity', futures: 'Futures', options: 'Options' } as const;

/**
 * The `count` trades with the latest exit times, latest first; trades that exited at the same time keep their order
 * (a stable sort by exit time, descending, cut to `count`), picked in one pass rather than by sorting every trade.
 */
function latest<T extends { stats: TradeForStats }>(trades: readonly T[], count: number): T[] {
  const top: T[] = [];
  if (count <= 0) return top;
  for (const t of trades) {
    const exit = t.stats.exitTime;
    if (top.length === count && !(exit > (top[count - 1] as T).stats.exitTime)) continue;
    // After the last kept trade that exited at the same time or later: ties keep their order.
    let at = top.length;
    while (at > 0 && (top[at - 1] as T).stats.exitTime < exit) at--;
    top.splice(at, 0, t);
    if (top.length > count) top.pop();
  }
  return top;
}

/**
 * The dashboard for the IST dates `range` (both inclusive; null for all time, see `periodRange`): the closed trades
 * whose IST exit day falls in it. Null when the journal has no closed trade at all (the screen's empty state).
 * `trades` may come in any order.
 */
export function dashboardData(
  trades: readonly JournalTrade[],
  range: { from: string; to: string } | null,
  recentCount = 10,
): DashboardData | null {
  const closed: { journal: JournalTrade; stats: TradeForStats }[] = [];
  for (const journal of trades) {
    const stats = toStatsTrade(journal);
    if (stats) closed.push({ journal, stats });
  }
  if (closed.length === 0) return null;
  const inPeriod = range
    ? closed.filter((t) => t.stats.exitDate >= range.from && t.stats.exitDate <= range.to)
    : closed;
  const summary = summarize(inPeriod.map((t) => t.stats));
  const { equity, ...figures } = summary;
  const recent = latest(inPeriod, recentCount);
  return {
    range,
    summary: figures,
    equity: equity.byDay,
    chargeLines: chargeLines(inPeriod.map((t) => t.journal)),
    recentTrades: recent.map(({ journal: t, stats }) => ({
      id: t.id,
      symbol: t.symbol,
      segment: SEGMENT_LABELS[t.segment],
      side: t.side === 'long' ? 'Long' : 'Short',
      closedAt: stats.exitTime,
      pnl: stats.netPnl,
      playbook: t.playbookName ?? undefined,
    })),
  };
}
