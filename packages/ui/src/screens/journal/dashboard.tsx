import type { DailyPoint, Drawdown, Summary } from '@bahi/trading';
import { FileUp, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DailyPnlBars, EquityCurve, pnlBars } from '../../charts/journal-charts';
import { Badge } from '../../components/badge';
import { buttonVariants } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LoadError } from '../../components/load-error';
import { Money } from '../../components/money';
import { Skeleton } from '../../components/skeleton';
import { Stat, statsCompactOnPhone } from '../../components/stat';
import { DataTable, type DataTableColumn } from '../../components/table';
import { formatDate, formatDateTime, formatDayMonth } from '../../lib/dates';
import { useNextTask } from '../../lib/use-next-task';
import { cn } from '../../lib/utils';
import { count, ofTrades, percent, profitFactor } from './stat-format';

export interface DashboardTrade {
  id: string;
  symbol: string;
  segment: 'Equity' | 'Futures' | 'Options';
  side: 'Long' | 'Short';
  closedAt: string;
  pnl: number;
  playbook?: string;
}

/** The periods a trader compares most: India's financial year runs April to March. */
export const DASHBOARD_PERIODS = [
  { value: 'month', label: 'This month' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'fy', label: 'This FY' },
  { value: 'all', label: 'All time' },
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['value'];

/** One kind of charge paid in the period (brokerage, STT …), in rupees. */
export interface ChargeLine {
  label: string;
  amount: number;
}

export interface DashboardData {
  /** IST dates the period covers (both inclusive); null for all time. */
  range: { from: string; to: string } | null;
  /** Closed trades of the period (by IST exit day), every figure net of charges, each with its sample size. */
  summary: Summary;
  /**
   * Equity at the close of each IST exit day, from ₹0 on the day before the first (`summary.equity.byDay`): the
   * curve `summary.maxDrawdown` is measured on, so the chart and the card agree.
   */
  equity: DailyPoint[];
  /** What the period's charges were made of, largest first (trades with a breakdown only). */
  chargeLines: ChargeLine[];
  /** Newest closed trades of the period, newest first. */
  recentTrades: DashboardTrade[];
}

export type DashboardState =
  | { status: 'loading' }
  | { status: 'empty' }
  | { status: 'error'; detail?: string }
  | { status: 'ready'; data: DashboardData };

export interface DashboardScreenProps {
  /** Loading, empty (no trades), error, or ready with the period's figures. */
  state: DashboardState;
  /** The trader, for the greeting. */
  userName?: string;
  /** The period the figures cover. */
  period?: DashboardPeriod;
  /** Called with the period the trader picks. */
  onPeriodChange?: (period: DashboardPeriod) => void;
  /** 'Try again' when the figures did not load: read them again. */
  onRetry?: () => void;
  /** Shown under the period switch, e.g. that sales without a cost basis are left out (ExcludedTradesNotice). */
  notice?: ReactNode;
}

/**
 * Recent trades fit the card they sit in (a container query): the symbol and its net P&L always; the close time in its
 * own column once there is room (under the symbol until then); the playbook only in a wide card.
 */
const tradeColumns: DataTableColumn<DashboardTrade>[] = [
  {
    id: 'closedAt',
    header: 'Closed',
    className: 'hidden @md:table-cell',
    sortValue: (t) => Date.parse(t.closedAt),
    cell: (t) => formatDateTime(t.closedAt),
  },
  {
    id: 'symbol',
    header: 'Symbol',
    sortValue: (t) => t.symbol,
    cell: (t) => (
      <span className="grid">
        <Link to={`/trades/${t.id}`} className="font-medium underline-offset-4 hover:underline">
          {t.symbol}
        </Link>
        <span className="text-muted-foreground text-xs">
          {t.segment} · {t.side}
        </span>
        <span className="text-muted-foreground text-xs @md:hidden">Closed {formatDateTime(t.closedAt)}</span>
      </span>
    ),
  },
  {
    id: 'playbook',
    header: 'Playbook',
    className: 'hidden @2xl:table-cell',
    cell: (t) =>
      t.playbook ? <Badge variant="secondary">{t.playbook}</Badge> : <span className="text-muted-foreground">—</span>,
  },
  {
    id: 'pnl',
    header: 'Net P&L',
    align: 'right',
    sortValue: (t) => t.pnl,
    cell: (t) => <Money value={t.pnl} signed />,
  },
];

/**
 * What the charges cost the trader, as a sentence: the share of gross profit they took, or, on a gross loss,
 * that they deepened it. Pure, for tests.
 */
export function chargesShare(summary: Pick<Summary, 'grossPnl' | 'charges'>): string {
  const gross = summary.grossPnl.value ?? 0;
  const charges = summary.charges.value ?? 0;
  if (charges === 0) return 'No charges recorded';
  if (gross > 0) return `${Math.round((charges / gross) * 100)}% of your gross profit`;
  if (gross < 0) return 'on top of a gross loss';
  return 'on a gross P&L of ₹0';
}

function PeriodSwitch({
  period,
  onPeriodChange,
}: {
  period: DashboardPeriod;
  onPeriodChange?: (period: DashboardPeriod) => void;
}) {
  return (
    // One row on a phone too: the four periods share the width, in smaller type there.
    <fieldset data-slot="period-switch" className="flex flex-wrap gap-1 rounded-lg border bg-muted p-1 sm:w-fit">
      <legend className="sr-only">Period</legend>
      {DASHBOARD_PERIODS.map((p) => (
        <button
          key={p.value}
          type="button"
          aria-pressed={p.value === period}
          onClick={() => onPeriodChange?.(p.value)}
          className={cn(
            buttonVariants({ variant: 'ghost', size: 'sm' }),
            'flex-auto px-2 text-xs sm:flex-none sm:px-3 sm:text-sm',
            'aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm',
          )}
        >
          {p.label}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * Greets by first name: "Welcome back" to a trader whose journal has trades, "Welcome" to one who has none yet (a
 * first visit), and nobody while that is not yet known (loading, error).
 */
function Heading({
  userName,
  range,
  returning,
}: {
  userName?: string;
  range?: DashboardData['range'];
  returning?: boolean;
}) {
  const firstName = userName?.split(' ')[0];
  const greeting =
    !firstName || returning === undefined
      ? 'Your trading at a glance.'
      : returning
        ? `Welcome back, ${firstName}.`
        : `Welcome, ${firstName}.`;
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl">Dashboard</h1>
        <p className="text-muted-foreground">
          {greeting}
          {range ? ` ${formatDate(range.from)} to ${formatDate(range.to)}, net of charges.` : ''}
        </p>
      </div>
      <div className="flex gap-2">
        <Link to="/trades?import=1" className={buttonVariants({ variant: 'outline' })}>
          <FileUp aria-hidden="true" /> Import trades
        </Link>
        <Link to="/trade-form" className={buttonVariants()}>
          <Plus aria-hidden="true" /> Add trade
        </Link>
      </div>
    </header>
  );
}

/**
 * Where the max drawdown ran, between day closes of the equity curve: "8 Jan to 14 Jan 2026 · 31% of the peak", or
 * "from the start to 3 Nov 2026" when the fall began at ₹0. Pure, for tests.
 */
export function drawdownHint(dd: Drawdown): string | undefined {
  if (dd.value === null) return undefined;
  if (!dd.troughDate) return `no fall at any day's close · ${count(dd.n, 'day')}`;
  const to = formatDayMonth(dd.troughDate, { year: true });
  if (!dd.peakDate) return `from the start to ${to}`;
  const from = formatDayMonth(dd.peakDate, { year: dd.peakDate.slice(0, 4) !== dd.troughDate.slice(0, 4) });
  return `${from} to ${to}${dd.percentOfPeak === null ? '' : ` · ${Math.round(dd.percentOfPeak * 100)}% of the peak`}`;
}

function Stats({ summary }: { summary: Summary }) {
  const s = summary;
  const dd = s.maxDrawdown;
  return (
    <section
      data-slot="dashboard-stats"
      aria-label="Statistics"
      // A phone gets the figures two by two in compact cards, net P&L across both, so the charts follow within a screen
      // or two rather than after twelve full-width cards.
      className={cn('grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4', statsCompactOnPhone)}
    >
      <Stat
        className="max-sm:col-span-2"
        label="Net P&L"
        value={<Money value={s.netPnl.value ?? 0} signed />}
        hint={`after charges · ${count(s.trades, 'trade')}`}
      />
      <Stat label="Win rate" value={percent(s.winRate)} hint={ofTrades(s.wins, s.trades)} />
      <Stat
        label="Profit factor"
        value={profitFactor(s.profitFactor, s.wins)}
        hint={
          s.losses === 0 ? `no losing trades · ${count(s.trades, 'trade')}` : `won ÷ lost · ${count(s.trades, 'trade')}`
        }
      />
      <Stat
        label="Expectancy"
        value={s.expectancy.value === null ? '—' : <Money value={s.expectancy.value} signed />}
        hint={`per trade · ${count(s.trades, 'trade')}`}
      />
      <Stat
        label="Average win"
        value={s.averageWin.value === null ? '—' : <Money value={s.averageWin.value} signed />}
        hint={count(s.averageWin.n, 'win')}
      />
      <Stat
        label="Average loss"
        value={s.averageLoss.value === null ? '—' : <Money value={s.averageLoss.value} signed />}
        hint={count(s.averageLoss.n, 'loss', 'losses')}
      />
      <Stat
        label="Largest win"
        value={s.largestWin.value === null ? '—' : <Money value={s.largestWin.value} signed />}
        hint={`of ${count(s.largestWin.n, 'win')}`}
      />
      <Stat
        label="Largest loss"
        value={s.largestLoss.value === null ? '—' : <Money value={s.largestLoss.value} signed />}
        hint={`of ${count(s.largestLoss.n, 'loss', 'losses')}`}
      />
      <Stat
        label="Max drawdown"
        value={dd.value === null ? '—' : <Money value={-dd.value} signed={dd.value > 0} />}
        hint={drawdownHint(dd)}
      />
      <Stat
        label="Best day"
        value={s.bestDay.value === null ? '—' : <Money value={s.bestDay.value} signed />}
        hint={s.bestDay.date ? `${formatDate(s.bestDay.date)} · of ${count(s.tradingDays, 'day')}` : undefined}
      />
      <Stat
        label="Worst day"
        value={s.worstDay.value === null ? '—' : <Money value={s.worstDay.value} signed />}
        hint={s.worstDay.date ? `${formatDate(s.worstDay.date)} · of ${count(s.tradingDays, 'day')}` : undefined}
      />
      <Stat
        className="max-sm:col-span-2"
        label="Charges paid"
        value={<Money value={s.charges.value ?? 0} />}
        hint={`${chargesShare(s)} · ${count(s.charges.n, 'trade')}`}
      />
    </section>
  );
}

/** Charges are Indian traders' most hidden cost: what they paid, what it was made of and what share it took. */
function ChargesPanel({ summary, lines }: { summary: Summary; lines: ChargeLine[] }) {
  const total = summary.charges.value ?? 0;
  const gross = summary.grossPnl.value ?? 0;
  return (
    <section aria-labelledby="charges-heading" className="grid content-start gap-3 rounded-xl border bg-card p-4">
      <h2 id="charges-heading" className="font-semibold">
        Charges paid
      </h2>
      <p className="text-sm">
        Gross P&L <Money value={gross} signed /> − charges <Money value={total} /> = net{' '}
        <Money value={summary.netPnl.value ?? 0} signed />
        <span className="text-muted-foreground"> · {chargesShare(summary)}</span>
      </p>
      {lines.length ? (
        <ul className="grid gap-2 text-sm">
          {lines.map((line) => (
            <li key={line.label} className="grid gap-1">
              <span className="flex justify-between gap-2">
                <span>{line.label}</span>
                <Money value={line.amount} />
              </span>
              <span aria-hidden="true" className="h-1.5 rounded-full bg-muted">
                <span
                  className="block h-full rounded-full bg-loss"
                  style={{ width: `${total > 0 ? Math.min(100, (line.amount / total) * 100) : 0}%` }}
                />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The equity curve at each day's close, or each week's once the period is longer than `max` days: a chart a few
 * hundred pixels wide cannot show more, and the figures above stay exact. The ₹0 start, the last close and the days
 * in `keep` (the max drawdown's peak and trough) are always kept, so the chart's deepest fall is the card's. Pure,
 * for tests.
 */
export function equityPoints(
  days: readonly DailyPoint[],
  max = 260,
  keep: readonly (string | null)[] = [],
): { date: string; equity: number }[] {
  const points = days.map((d) => ({ date: d.date, equity: d.equity }));
  if (points.length <= max) return points;
  const kept = new Set(keep);
  const monday = (iso: string) => {
    const day = new Date(`${iso}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    return day.getTime();
  };
  return points.filter(
    (p, i) => i === 0 || i === points.length - 1 || kept.has(p.date) || monday(p.date) !== monday(points[i + 1]!.date),
  );
}

/**
 * The equity curve and the P&L bars (daily for a month; weekly or monthly for a year or all time, so they stay
 * readable). Drawn just after the figures: a long journal's statistics show without waiting for the charts.
 */
function Charts({ equity, drawdown }: { equity: DailyPoint[]; drawdown: Drawdown }) {
  const deferred = useNextTask<DailyPoint[], null>(equity, null);
  if (!deferred) {
    return (
      <div className="grid gap-4 xl:grid-cols-2">
        <Skeleton className="h-80 w-full rounded-xl" />
        <Skeleton className="h-80 w-full rounded-xl" />
      </div>
    );
  }
  // The curve's ₹0 start is not a trading day: no bar for it.
  const { unit, bars } = pnlBars(deferred.filter((d) => d.trades > 0).map((d) => ({ date: d.date, pnl: d.netPnl })));
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <EquityCurve points={equityPoints(deferred, undefined, [drawdown.peakDate, drawdown.troughDate])} />
      <DailyPnlBars days={bars} unit={unit} />
    </div>
  );
}

/** /dashboard in its four states; the figures arrive computed (by @bahi/trading's statistics) for the period. */
export function DashboardScreen({
  state,
  userName,
  period = 'all',
  onPeriodChange,
  onRetry,
  notice,
}: DashboardScreenProps) {
  if (state.status === 'error') {
    return (
      <div className="grid gap-6">
        <Heading userName={userName} />
        <LoadError onRetry={onRetry} detail={state.detail} />
      </div>
    );
  }
  if (state.status === 'empty') {
    return (
      <div className="grid gap-6">
        <Heading userName={userName} returning={false} />
        <EmptyState
          icon={<FileUp />}
          title="No trades yet"
          description="Import your broker's tradebook (Zerodha Console, Dhan, Upstox or Angel One) or add today's trades by hand. Your P&L, charges, calendar and analytics appear here as soon as you do."
          action={
            <>
              <Link to="/trades?import=1" className={buttonVariants()}>
                Import a tradebook
              </Link>
              <Link to="/trade-form" className={buttonVariants({ variant: 'outline' })}>
                Add a trade
              </Link>
            </>
          }
        />
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <div className="grid gap-6" aria-busy="true">
        <Heading userName={userName} />
        <p role="status" className="sr-only">
          Loading your dashboard…
        </p>
        <div className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4">
          {['Net P&L', 'Win rate', 'Profit factor', 'Expectancy'].map((label) => (
            <Stat key={label} label={label} value={null} loading />
          ))}
        </div>
        <div className="grid gap-4 xl:grid-cols-2">
          <Skeleton className="h-80 w-full rounded-xl" />
          <Skeleton className="h-80 w-full rounded-xl" />
        </div>
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  const { data } = state;
  const { summary } = data;
  return (
    <div data-slot="dashboard" className="grid gap-6">
      <Heading userName={userName} range={data.range} returning />
      <PeriodSwitch period={period} onPeriodChange={onPeriodChange} />
      {notice}
      {summary.trades === 0 ? (
        <EmptyState
          title="No closed trades in this period"
          description="Pick a longer period above, or log the trades you took."
          action={
            <Link to="/trade-form" className={buttonVariants({ variant: 'outline' })}>
              Add a trade
            </Link>
          }
        />
      ) : (
        <>
          <Stats summary={summary} />
          <Charts equity={data.equity} drawdown={summary.maxDrawdown} />
          <div className="grid gap-4 xl:grid-cols-[1fr_2fr]">
            <ChargesPanel summary={summary} lines={data.chargeLines} />
            <section
              aria-labelledby="recent-trades"
              className="@container grid content-start gap-3 rounded-xl border bg-card p-4"
            >
              <div className="flex items-center justify-between">
                <h2 id="recent-trades" className="font-semibold">
                  Recent trades
                </h2>
                <Link to="/trades" className={buttonVariants({ variant: 'link', size: 'sm' })}>
                  All trades
                </Link>
              </div>
              <DataTable
                caption="Recent trades"
                captionHidden
                columns={tradeColumns}
                rows={data.recentTrades}
                rowKey={(t) => t.id}
                defaultSort={{ column: 'closedAt', direction: 'desc' }}
              />
            </section>
          </div>
        </>
      )}
    </div>
  );
}
