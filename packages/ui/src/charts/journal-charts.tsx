import { formatINR, formatINRCompact } from '@bahi/trading';
import * as React from 'react';
import { Bars, pnlColour } from './bars';
import { ChartContainer, chartColors } from './chart';
import { TradeHistogram } from './histogram';
import { Line } from './lines';
import { niceTicks } from './nice-ticks';
import { Plot } from './plot';

export interface EquityPoint {
  /** ISO date (exchange time, Asia/Kolkata). */
  date: string;
  /** Account equity in rupees after the day's trades. */
  equity: number;
}

const shortDate = (iso: string) => {
  const [, m, d] = iso.split('-');
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(d)} ${months[Number(m) - 1] ?? ''}`;
};

export function EquityCurve({ points, height }: { points: EquityPoint[]; height?: number }) {
  const first = points[0]?.equity ?? 0;
  const last = points.at(-1)?.equity ?? 0;
  const change = last - first;
  const values = points.map((p) => p.equity);
  // Unique per chart: two equity curves on a page must not share one gradient.
  const fillId = `${React.useId()}-equity-fill`;
  return (
    <ChartContainer
      title="Equity curve"
      description={
        points.length
          ? `From ${formatINR(first)} on ${shortDate(points[0]!.date)} to ${formatINR(last)} on ${shortDate(points.at(-1)!.date)}: ${formatINR(change, { sign: 'exceptZero' })}.`
          : 'No trading days yet.'
      }
      table={{ columns: ['Date', 'Equity'], rows: points.map((p) => [p.date, formatINR(p.equity)]) }}
      height={height}
    >
      <Plot
        label="Equity curve"
        count={points.length}
        kind="point"
        xTick={(i) => shortDate(points[i]!.date)}
        yTicks={niceTicks(Math.min(...values), Math.max(...values))}
        yTick={(v) => formatINRCompact(v)}
        summary={(i) => ({ label: shortDate(points[i]!.date), values: [['Equity', formatINR(points[i]!.equity)]] })}
      >
        {(scale) => (
          <>
            <defs>
              <linearGradient id={fillId} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={chartColors.brand} stopOpacity={0.35} />
                <stop offset="100%" stopColor={chartColors.brand} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <Line scale={scale} values={values} colour={chartColors.brand} fill={`url(#${fillId})`} />
          </>
        )}
      </Plot>
    </ChartContainer>
  );
}

export interface DailyPnl {
  date: string;
  pnl: number;
}

const monthYear = (iso: string) => {
  const [y, m] = iso.split('-');
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${months[Number(m) - 1] ?? ''} ${y}`;
};

const BAR_UNITS = {
  day: { title: 'Daily net P&L', noun: 'trading days', tick: shortDate },
  week: { title: 'Weekly net P&L', noun: 'weeks with trades', tick: (iso: string) => `w/c ${shortDate(iso)}` },
  month: { title: 'Monthly net P&L', noun: 'months with trades', tick: monthYear },
} as const;

/**
 * Net P&L per day, or per week (`date` is the Monday) or month (`date` is the 1st) when a long period would
 * otherwise draw hundreds of unreadable bars.
 */
export function DailyPnlBars({
  days,
  unit = 'day',
  height,
}: {
  days: DailyPnl[];
  unit?: 'day' | 'week' | 'month';
  height?: number;
}) {
  const { title, noun, tick } = BAR_UNITS[unit];
  const green = days.filter((d) => d.pnl > 0).length;
  const red = days.filter((d) => d.pnl < 0).length;
  const total = days.reduce((s, d) => s + d.pnl, 0);
  const values = days.map((d) => d.pnl);
  return (
    <ChartContainer
      title={title}
      description={`${days.length} ${noun}: ${green} green, ${red} red, net ${formatINR(total, { sign: 'exceptZero' })}.`}
      table={{
        columns: ['Date', 'Net P&L'],
        rows: days.map((d) => [d.date, formatINR(d.pnl, { sign: 'exceptZero' })]),
      }}
      height={height}
    >
      <Plot
        label={title}
        count={days.length}
        kind="band"
        xTick={(i) => tick(days[i]!.date)}
        yTicks={niceTicks(Math.min(0, ...values), Math.max(0, ...values))}
        yTick={(v) => formatINRCompact(v)}
        summary={(i) => ({
          label: tick(days[i]!.date),
          values: [['Net P&L', formatINR(days[i]!.pnl, { sign: 'exceptZero' })]],
        })}
      >
        {(scale) => <Bars scale={scale} values={values} colour={(i) => pnlColour(values[i]!)} />}
      </Plot>
    </ChartContainer>
  );
}

/**
 * Days grouped into the unit a chart can show: days up to `maxBars`, else weeks (keyed by their Monday), else
 * months (keyed by the 1st). Input and output in date order. Pure, for tests.
 */
export function pnlBars(days: readonly DailyPnl[], maxBars = 66): { unit: 'day' | 'week' | 'month'; bars: DailyPnl[] } {
  if (days.length <= maxBars) return { unit: 'day', bars: [...days] };
  const group = (keyOf: (iso: string) => string) => {
    const bars: DailyPnl[] = [];
    for (const d of days) {
      const date = keyOf(d.date);
      const last = bars.at(-1);
      if (last?.date === date) last.pnl += d.pnl;
      else bars.push({ date, pnl: d.pnl });
    }
    return bars;
  };
  const weeks = group((iso) => {
    const day = new Date(`${iso}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    return day.toISOString().slice(0, 10);
  });
  if (weeks.length <= maxBars) return { unit: 'week', bars: weeks };
  return { unit: 'month', bars: group((iso) => `${iso.slice(0, 7)}-01`) };
}

export interface DistributionBucket {
  /** Lower bound of the bucket in rupees (inclusive). */
  from: number;
  /** Upper bound in rupees (exclusive). */
  to: number;
  count: number;
}

/** Groups trade P&Ls into equal-width buckets of `size` rupees. */
export function bucketPnl(values: number[], size: number): DistributionBucket[] {
  if (values.length === 0) return [];
  const lo = Math.floor(Math.min(...values) / size) * size;
  const hi = Math.floor(Math.max(...values) / size) * size;
  const buckets: DistributionBucket[] = [];
  for (let from = lo; from <= hi; from += size) buckets.push({ from, to: from + size, count: 0 });
  for (const v of values) {
    const bucket = buckets[Math.floor((v - lo) / size)];
    if (bucket) bucket.count += 1;
  }
  return buckets;
}

export function PnlDistribution({ buckets, height }: { buckets: DistributionBucket[]; height?: number }) {
  const trades = buckets.reduce((s, b) => s + b.count, 0);
  const label = (b: DistributionBucket) => `${formatINRCompact(b.from)} to ${formatINRCompact(b.to)}`;
  const data = buckets.map((b) => ({ ...b, label: label(b) }));
  const mode = [...buckets].sort((a, b) => b.count - a.count)[0];
  return (
    <ChartContainer
      title="P&L distribution"
      description={
        mode
          ? `${trades} trades; the most common result is ${label(mode)} (${mode.count} trades).`
          : 'No closed trades yet.'
      }
      table={{ columns: ['Net P&L range', 'Trades'], rows: data.map((b) => [b.label, b.count]) }}
      height={height}
    >
      <TradeHistogram label="P&L distribution" bands={data} xTick={(i) => formatINRCompact(data[i]!.from)} />
    </ChartContainer>
  );
}
