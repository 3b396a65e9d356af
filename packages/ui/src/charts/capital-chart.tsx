import { formatINR, formatINRCompact } from '@bahi/billing';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '../lib/dates';
import { axisTick, ChartContainer, chartColors, tooltipStyle } from './chart';

/** Capital at the end of an IST day: money put in (net of withdrawals and adjustments) plus realised net P&L. */
export interface CapitalPoint {
  /** 'YYYY-MM-DD', Asia/Kolkata. */
  date: string;
  netDeposits: number;
  tradingPnl: number;
  capital: number;
}

const money = (v: unknown) => formatINR(Number(v), { paise: 'always' });
const moneyShort = (v: unknown) => formatINRCompact(Number(v));
const day = (iso: string) => formatDate(`${iso}T12:00:00+05:30`);

/** Capital over time beside the money put in: the gap between the two lines is what trading made or lost. */
export function CapitalChart({ points, height }: { points: CapitalPoint[]; height?: number }) {
  const last = points.at(-1);
  return (
    <ChartContainer
      title="Capital over time"
      description={
        last
          ? `On ${day(last.date)}: capital ${money(last.capital)}, of which ${money(last.netDeposits)} put in and ${formatINR(last.tradingPnl, { paise: 'always', sign: 'exceptZero' })} from trading after charges.`
          : 'No deposits or closed trades yet.'
      }
      table={{
        columns: ['Date', 'Capital', 'Net money put in', 'Trading P&L after charges'],
        rows: points.map((p) => [p.date, money(p.capital), money(p.netDeposits), money(p.tradingPnl)]),
      }}
      height={height}
    >
      <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={chartColors.grid} vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={(d) => day(String(d)).replace(/ \d{4}$/, '')}
          tick={axisTick}
          stroke={chartColors.grid}
          minTickGap={24}
        />
        <YAxis
          tickFormatter={moneyShort}
          tick={axisTick}
          stroke={chartColors.grid}
          width={64}
          domain={['auto', 'auto']}
        />
        <Tooltip formatter={money} labelFormatter={(l) => day(String(l))} contentStyle={tooltipStyle} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          type="monotone"
          dataKey="capital"
          name="Capital"
          stroke={chartColors.brand}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="stepAfter"
          dataKey="netDeposits"
          name="Money put in"
          stroke={chartColors.axis}
          strokeDasharray="4 4"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartContainer>
  );
}
