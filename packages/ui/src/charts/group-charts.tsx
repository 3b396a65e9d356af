import { formatINR, formatINRCompact } from '@bahi/billing';
import type { RBucket } from '@bahi/trading';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTick, ChartContainer, chartColors, tooltipStyle } from './chart';

const tradeCount = (n: number) => `${n} ${n === 1 ? 'trade' : 'trades'}`;

export interface GroupBar {
  label: string;
  netPnl: number;
  trades: number;
}

const signedMoney = (v: number) => formatINR(v, { paise: 'always', sign: 'exceptZero' });

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
  return (
    <ChartContainer
      title={title}
      description={
        best && worst
          ? `Best: ${best.label}, ${signedMoney(best.netPnl)} over ${tradeCount(best.trades)}. Worst: ${worst.label}, ${signedMoney(worst.netPnl)} over ${tradeCount(worst.trades)}.`
          : 'No closed trades yet.'
      }
      table={{
        columns: ['Group', 'Trades', 'Net P&L'],
        rows: bars.map((b) => [b.label, b.trades, signedMoney(b.netPnl)]),
      }}
      height={height}
      className={className}
    >
      <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={chartColors.grid} vertical={false} />
        <XAxis dataKey="label" tick={axisTick} stroke={chartColors.grid} interval={0} fontSize={11} />
        <YAxis
          tickFormatter={(v) => formatINRCompact(Number(v))}
          tick={axisTick}
          stroke={chartColors.grid}
          width={64}
        />
        <ReferenceLine y={0} stroke={chartColors.axis} />
        <Tooltip formatter={(v) => signedMoney(Number(v))} contentStyle={tooltipStyle} />
        <Bar dataKey="netPnl" name="Net P&L" isAnimationActive={false} radius={[3, 3, 0, 0]}>
          {bars.map((b) => (
            <Cell key={b.label} fill={b.netPnl >= 0 ? chartColors.profit : chartColors.loss} />
          ))}
        </Bar>
      </BarChart>
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
      <BarChart data={buckets} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={chartColors.grid} vertical={false} />
        <XAxis dataKey="label" tick={axisTick} stroke={chartColors.grid} interval={0} fontSize={11} />
        <YAxis allowDecimals={false} tick={axisTick} stroke={chartColors.grid} width={32} />
        <Tooltip contentStyle={tooltipStyle} />
        <Bar dataKey="count" name="Trades" isAnimationActive={false} radius={[3, 3, 0, 0]}>
          {buckets.map((b) => (
            <Cell key={b.label} fill={b.from >= 0 ? chartColors.profit : chartColors.loss} />
          ))}
        </Bar>
      </BarChart>
    </ChartContainer>
  );
}
