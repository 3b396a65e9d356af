import type { Dimension, Group, RDistribution, Summary, TradeFilter } from '@bahi/trading';
import { ChartColumn, ListFilter } from 'lucide-react';
import { GroupPnlBars, RDistributionBars } from '../../charts/group-charts';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Money } from '../../components/money';
import { Stat, statsCompactOnPhone } from '../../components/stat';
import { DataTable, type DataTableColumn } from '../../components/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
import { cn } from '../../lib/utils';
import { type AreaCallbacks, importTrades } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';
import { count, percent, profitFactor } from './stat-format';
import { TradeFilterBar, type TradeFilterBarProps } from './trade-filter-bar';

/** What analytics shows for the filtered trades: `journalStats` from @bahi/trading, less the calendar. */
export interface AnalyticsData {
  summary: Summary;
  groups: Record<Dimension, Group[]>;
  r: RDistribution;
}

export interface AnalyticsScreenProps extends AreaCallbacks, Pick<TradeFilterBarProps, 'playbooks' | 'tags'> {
  /** The trades list with the same query string. */
  tradesHref: string;
  /** 'empty' means no closed trades at all; a filter that matches nothing is 'ready' with 0 trades. */
  status: AreaStatus;
  /** The filtered trades' statistics and charts (status 'ready'). */
  data?: AnalyticsData;
  /** The trade filter in force (from the URL). */
  filter: TradeFilter;
  /** Called with the filter the trader sets. */
  onFilterChange: (filter: TradeFilter) => void;
}

/** Below this many trades a row's figures are mostly noise: say so beside them. */
export const SMALL_SAMPLE = 10;

interface Row {
  key: string;
  label: string;
  summary: Summary;
}

// Columns by priority where the section is narrow (a phone, a half-width card): the trade count and win rate fold under
// the group's name, the profit factor and expectancy under its net P&L; nothing is cut off.
const FROM_MD = 'hidden @md:table-cell';
const FROM_LG = 'hidden @lg:table-cell';

const columns = (heading: string): DataTableColumn<Row>[] => [
  {
    id: 'label',
    header: heading,
    sortValue: (r) => r.label,
    cell: (r) => (
      <span className="grid">
        <span className="font-medium">{r.label}</span>
        <span className="whitespace-normal text-muted-foreground text-xs @md:hidden">
          {count(r.summary.trades, 'trade')} · {percent(r.summary.winRate)} won
        </span>
        {r.summary.trades < SMALL_SAMPLE ? <span className="text-muted-foreground text-xs">small sample</span> : null}
      </span>
    ),
  },
  {
    id: 'trades',
    header: 'Trades',
    align: 'right',
    sortValue: (r) => r.summary.trades,
    cell: (r) => r.summary.trades,
    className: FROM_MD,
  },
  {
    id: 'winRate',
    header: 'Win rate',
    align: 'right',
    className: FROM_MD,
    sortValue: (r) => r.summary.winRate.value ?? -1,
    cell: (r) => (
      <span className="grid">
        <span>{percent(r.summary.winRate)}</span>
        <span className="text-muted-foreground text-xs">
          {r.summary.wins} of {r.summary.trades}
        </span>
      </span>
    ),
  },
  {
    id: 'profitFactor',
    header: 'Profit factor',
    align: 'right',
    sortValue: (r) => r.summary.profitFactor.value ?? (r.summary.wins ? Number.MAX_VALUE : -1),
    cell: (r) => profitFactor(r.summary.profitFactor, r.summary.wins),
    className: FROM_LG,
  },
  {
    id: 'expectancy',
    header: 'Expectancy',
    align: 'right',
    sortValue: (r) => r.summary.expectancy.value ?? 0,
    cell: (r) => <Money value={r.summary.expectancy.value ?? 0} signed />,
    className: FROM_LG,
  },
  {
    id: 'netPnl',
    header: 'Net P&L',
    align: 'right',
    sortValue: (r) => r.summary.netPnl.value ?? 0,
    cell: (r) => (
      <span className="grid">
        <Money value={r.summary.netPnl.value ?? 0} signed />
        <span className="whitespace-normal text-muted-foreground text-xs @lg:hidden">
          PF {profitFactor(r.summary.profitFactor, r.summary.wins)} ·{' '}
          <Money value={r.summary.expectancy.value ?? 0} signed /> a trade
        </span>
      </span>
    ),
  },
];

const SIMPLE_LABELS: Record<string, string> = {
  long: 'Long',
  short: 'Short',
  equity: 'Equity',
  futures: 'Futures',
  options: 'Options',
  intraday: 'Intraday',
  delivery: 'Delivery',
  carry_forward: 'Carry forward',
};

/** What a group with no key is called in each dimension. */
const NONE_LABELS: Partial<Record<Dimension, string>> = {
  playbook: 'No playbook',
  emotionBefore: 'Not recorded',
  emotionAfter: 'Not recorded',
  mistake: 'No mistake',
  tag: 'Untagged',
};

function GroupSection({
  id,
  title,
  heading,
  groups,
  label,
  chart = false,
}: {
  id: string;
  title: string;
  heading: string;
  groups: Group[];
  label: (key: string | null) => string;
  chart?: boolean;
}) {
  const rows: Row[] = groups.map((g) => ({ key: String(g.key), label: label(g.key), summary: g.summary }));
  return (
    <section aria-labelledby={id} className="@container grid content-start gap-3 rounded-xl border bg-card p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {chart && rows.length ? (
        <GroupPnlBars
          title={`Net P&L by ${heading.toLowerCase()}`}
          bars={rows.map((r) => ({ label: r.label, netPnl: r.summary.netPnl.value ?? 0, trades: r.summary.trades }))}
          className="border-0 p-0"
        />
      ) : null}
      <DataTable
        caption={title}
        captionHidden
        columns={columns(heading)}
        rows={rows}
        rowKey={(r) => r.key}
        empty="No trades."
      />
    </section>
  );
}

function rDescription(r: RDistribution): string {
  const left: string[] = [];
  if (r.withoutStop) left.push(`${count(r.withoutStop, 'trade')} without a stop`);
  if (r.invalidStop) left.push(`${r.invalidStop} with the stop on the wrong side of entry`);
  const average = r.averageR.value === null ? '' : ` Average ${r.averageR.value.toFixed(2)}R.`;
  return `${count(r.n, 'trade')} with a stop loss.${average}${left.length ? ` Left out: ${left.join(', ')}.` : ''}`;
}

/** /analytics: the filtered journal broken down every way a trader asks about it, each figure with its sample size. */
export function AnalyticsScreen({
  status,
  data,
  filter,
  onFilterChange,
  playbooks,
  tags,
  tradesHref,
  notice,
  ...cb
}: AnalyticsScreenProps) {
  const playbookName = new Map(playbooks.map((p) => [p.value, p.label]));
  const label =
    (dimension: Dimension) =>
    (key: string | null): string =>
      key === null
        ? (NONE_LABELS[dimension] ?? '—')
        : dimension === 'playbook'
          ? (playbookName.get(key) ?? 'Deleted playbook')
          : (SIMPLE_LABELS[key] ?? key);
  const section = (dimension: Dimension, title: string, heading: string, chart = false) => (
    <GroupSection
      id={`by-${dimension}`}
      title={title}
      heading={heading}
      groups={data?.groups[dimension] ?? []}
      label={label(dimension)}
      chart={chart}
    />
  );
  const s = data?.summary;
  return (
    <AreaPage
      notice={notice}
      title="Analytics"
      description="What works and what costs you, net of charges, with the sample size beside every figure."
      status={status}
      skeleton="panel"
      empty={{
        icon: <ChartColumn />,
        title: 'Not enough trades to analyse',
        description: 'Analytics need closed trades. Twenty or more give figures you can trust.',
        action: importTrades,
      }}
      {...cb}
    >
      <TradeFilterBar
        filter={filter}
        onFilterChange={onFilterChange}
        playbooks={playbooks}
        tags={tags}
        includeOpen={false}
        link={{ href: tradesHref, label: 'View these trades', icon: <ListFilter aria-hidden="true" /> }}
      />
      {!s || !data || s.trades === 0 ? (
        <EmptyState
          title="No closed trades match these filters"
          description="Widen the dates or clear a filter."
          action={
            <Button variant="outline" onClick={() => onFilterChange({})}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <>
          <section
            aria-label="Overview"
            data-slot="analytics-overview"
            className={cn('grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-4', statsCompactOnPhone)}
          >
            <Stat
              label="Net P&L"
              value={<Money value={s.netPnl.value ?? 0} signed />}
              hint={count(s.trades, 'trade')}
            />
            <Stat label="Win rate" value={percent(s.winRate)} hint={`${s.wins} of ${count(s.trades, 'trade')}`} />
            <Stat
              label="Profit factor"
              value={profitFactor(s.profitFactor, s.wins)}
              hint={`${count(s.wins, 'win')}, ${count(s.losses, 'loss', 'losses')}`}
            />
            <Stat
              label="Expectancy"
              value={<Money value={s.expectancy.value ?? 0} signed />}
              hint={`per trade · ${count(s.trades, 'trade')}`}
            />
          </section>
          <Tabs defaultValue="time" className="grid gap-4">
            {/* On a phone the four tabs take two rows rather than run off the screen. */}
            <TabsList aria-label="Analyses" className="h-auto max-w-full flex-wrap justify-start">
              <TabsTrigger value="time" className="h-8 flex-auto">
                Time
              </TabsTrigger>
              <TabsTrigger value="setups" className="h-8 flex-auto">
                Setups and instruments
              </TabsTrigger>
              <TabsTrigger value="psychology" className="h-8 flex-auto">
                Psychology
              </TabsTrigger>
              <TabsTrigger value="risk" className="h-8 flex-auto">
                Risk and direction
              </TabsTrigger>
            </TabsList>
            <TabsContent value="time" className="grid gap-4 min-[1800px]:grid-cols-2">
              {section('timeOfDay', 'By time of day (entry, IST)', 'Time of day', true)}
              {section('weekday', 'By weekday (exit day, IST)', 'Weekday', true)}
            </TabsContent>
            <TabsContent value="setups" className="grid gap-4 min-[1800px]:grid-cols-2">
              {section('playbook', 'By playbook', 'Playbook', true)}
              {section('symbol', 'By symbol', 'Symbol')}
              {section('segment', 'By segment', 'Segment')}
              {section('product', 'By product', 'Product')}
            </TabsContent>
            <TabsContent value="psychology" className="grid gap-4 min-[1800px]:grid-cols-2">
              {section('emotionBefore', 'By emotion before the trade', 'Emotion', true)}
              {section('emotionAfter', 'By emotion after the trade', 'Emotion')}
              {section('mistake', 'By mistake', 'Mistake', true)}
              {section('tag', 'By tag', 'Tag')}
            </TabsContent>
            <TabsContent value="risk" className="grid gap-4 min-[1800px]:grid-cols-2">
              <section aria-labelledby="r-multiples" className="grid content-start gap-3 rounded-xl border bg-card p-4">
                <h2 id="r-multiples" className="font-semibold">
                  R-multiples
                </h2>
                {data.r.n ? (
                  <RDistributionBars
                    buckets={data.r.buckets}
                    description={rDescription(data.r)}
                    className="border-0 p-0"
                  />
                ) : (
                  <p className="text-muted-foreground text-sm">
                    No trade has a stop loss, so R cannot be measured. {rDescription(data.r)}
                  </p>
                )}
              </section>
              {section('side', 'Long vs short', 'Side', true)}
              {section('holdingTime', 'By holding time', 'Holding time', true)}
            </TabsContent>
          </Tabs>
        </>
      )}
    </AreaPage>
  );
}
