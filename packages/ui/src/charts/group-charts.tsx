import type { RBucket } from '@bahi/trading';
import { formatINR, formatINRCompact } from '@bahi/trading';
import { Bars, pnlColour } from './bars';
import { ChartContainer } from './chart';
import { TradeHistogram } from './histogram';
import { niceTicks } from './nice-ticks';
import { Plot } from './plot';

const tradeCount = (n: number) => `${n} ${n === 1 ? 'trade' : 'trades'}`;

export interface GroupBar {
  label: string;
  netPnl: number;
  trades: number;
}

/** Net P&L per bucket of one dimension (hour of day, weekday …), green above zero and red below. */
export function GroupPnlBars({
  title,
  bars,
  height = 220,
  className,
}: {
  title: string;
  bars: GroupBar[];
  height?: number;
  className?: string;
}) {
  const best = bars.length ? bars.reduce((a, b) => (b.netPnl > a.netPnl ? b : a)) : null;
  const worst = bars.length ? bars.reduce((a, b) => (b.netPnl < a.netPnl ? b : a)) : null;
  const values = bars.map((b) => b.netPnl);
  return (
    <ChartContainer
      title={title}
      description={
        best && worst
          ? `Best: ${best.label}, ${formatINR(best.netPnl, { sign: 'exceptZero' })} over ${tradeCount(best.trades)}. Worst: ${worst.label}, ${formatINR(worst.netPnl, { sign: 'exceptZero' })} over ${tradeCount(worst.trades)}.`
          : 'No closed trades yet.'
      }
      table={{
        columns: ['Group', 'Trades', 'Net P&L'],
        rows: bars.map((b) => [b.label, b.trades, formatINR(b.netPnl, { sign: 'exceptZero' })]),
      }}
      height={height}
      className={className}
    >
      <Plot
        label={title}
        count={bars.length}
        kind="band"
        categories
        xTick={(i) => bars[i]!.label}
        yTicks={niceTicks(Math.min(0, ...values), Math.max(0, ...values))}
        yTick={(v) => formatINRCompact(v)}
        summary={(i) => ({
          label: bars[i]!.label,
          values: [['Net P&L', formatINR(bars[i]!.netPnl, { sign: 'exceptZero' })]],
        })}
      >
        {(scale) => <Bars scale={scale} values={values} colour={(i) => pnlColour(values[i]!)} />}
      </Plot>
    </ChartContainer>
  );
}

/** How many trades ended in each band of R (realised ÷ risked at the stop); losses beyond −1R went past the stop. */
export function RDistributionBars({
  buckets,
  description,
  height = 220,
  className,
}: {
  buckets: RBucket[];
  /** The sample and what was left out, written by the screen. */
  description: string;
  height?: number;
  className?: string;
}) {
  return (
    <ChartContainer
      title="R-multiple distribution"
      description={description}
      table={{ columns: ['R', 'Trades'], rows: buckets.map((b) => [b.label, b.count]) }}
      height={height}
      className={className}
    >
      <TradeHistogram label="R-multiple distribution" bands={buckets} categories xTick={(i) => buckets[i]!.label} />
    </ChartContainer>
  );
}
