import { FileUp, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { type CalendarDay, CalendarHeatmap } from '../../charts/calendar-heatmap';
import { type DailyPnl, DailyPnlBars, EquityCurve, type EquityPoint } from '../../charts/journal-charts';
import { Badge } from '../../components/badge';
import { buttonVariants } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-boundary';
import { Money } from '../../components/money';
import { Skeleton } from '../../components/skeleton';
import { Stat, type StatTrend } from '../../components/stat';
import { DataTable, type DataTableColumn } from '../../components/table';
import { formatDateTime } from '../../lib/dates';

export interface DashboardTrade {
  id: string;
  symbol: string;
  segment: 'Equity' | 'Futures' | 'Options';
  side: 'Long' | 'Short';
  closedAt: string;
  pnl: number;
  playbook?: string;
}

export interface DashboardSummary {
  netPnl: number;
  netPnlTrend?: StatTrend;
  winRate: number;
  wins: number;
  trades: number;
  expectancy: number;
  charges: number;
}

export interface DashboardData {
  month: string;
  summary: DashboardSummary;
  equity: EquityPoint[];
  daily: DailyPnl[];
  calendar: Record<string, CalendarDay>;
  recentTrades: DashboardTrade[];
}

export type DashboardState =
  | { status: 'loading' }
  | { status: 'empty' }
  | { status: 'error'; detail?: string }
  | { status: 'ready'; data: DashboardData };

export interface DashboardScreenProps {
  state: DashboardState;
  userName?: string;
  onReload?: () => void;
  onRetry?: () => void;
}

const tradeColumns: DataTableColumn<DashboardTrade>[] = [
  { id: 'closedAt', header: 'Closed', sortValue: (t) => t.closedAt, cell: (t) => formatDateTime(t.closedAt) },
  {
    id: 'symbol',
    header: 'Symbol',
    sortValue: (t) => t.symbol,
    cell: (t) => (
      <span className="grid">
        <span className="font-medium">{t.symbol}</span>
        <span className="text-muted-foreground text-xs">
          {t.segment} · {t.side}
        </span>
      </span>
    ),
  },
  {
    id: 'playbook',
    header: 'Playbook',
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

function Heading({ userName }: { userName?: string }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl">Dashboard</h1>
        <p className="text-muted-foreground">
          {userName ? `Welcome back, ${userName.split(' ')[0]}.` : 'Your month at a glance.'}
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

/** /dashboard in its four states; the data arrives ready-computed (figures are the analytics package's job). */
export function DashboardScreen({ state, userName, onReload, onRetry }: DashboardScreenProps) {
  if (state.status === 'error') {
    return (
      <div className="grid gap-6">
        <Heading userName={userName} />
        <ErrorPanel onReload={onReload} onReset={onRetry} detail={state.detail} />
      </div>
    );
  }
  if (state.status === 'empty') {
    return (
      <div className="grid gap-6">
        <Heading userName={userName} />
        <EmptyState
          icon={<FileUp />}
          title="No trades yet"
          description="Import your broker's tradebook (Zerodha Console, Dhan, Upstox or Angel One) or add today's trades by hand. Your P&L, calendar and analytics appear here as soon as you do."
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
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {['Net P&L', 'Win rate', 'Expectancy', 'Charges paid'].map((label) => (
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
      <Heading userName={userName} />
      <section aria-label="This month" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat
          label="Net P&L"
          value={<Money value={summary.netPnl} signed abbreviate />}
          trend={summary.netPnlTrend}
          hint="after charges"
        />
        <Stat
          label="Win rate"
          value={`${Math.round(summary.winRate * 100)}%`}
          hint={`${summary.wins} of ${summary.trades} trades`}
        />
        <Stat label="Expectancy" value={<Money value={summary.expectancy} signed />} hint="per trade" />
        <Stat
          label="Charges paid"
          value={<Money value={summary.charges} abbreviate />}
          hint="brokerage, STT, exchange, GST, stamp"
        />
      </section>
      <div className="grid gap-4 xl:grid-cols-2">
        <EquityCurve points={data.equity} />
        <DailyPnlBars days={data.daily} />
      </div>
      <CalendarHeatmap month={data.month} days={data.calendar} />
      <section aria-labelledby="recent-trades" className="grid gap-3 rounded-xl border bg-card p-4">
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
  );
}
