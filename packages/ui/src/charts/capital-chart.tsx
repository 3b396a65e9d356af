import { formatINR, formatINRCompact } from '@bahi/trading';
import { formatDate } from '../lib/dates';
import { ChartContainer, chartColors } from './chart';
import { Line } from './lines';
import { niceTicks } from './nice-ticks';
import { Plot } from './plot';

/** Capital at the end of an IST day: money put in (net of withdrawals and adjustments) plus realised net P&L. */
export interface CapitalPoint {
  /** 'YYYY-MM-DD', Asia/Kolkata. */
  date: string;
  netDeposits: number;
  tradingPnl: number;
  capital: number;
}

const day = (iso: string) => formatDate(`${iso}T12:00:00+05:30`);

const LEGEND = [
  { name: 'Capital', colour: chartColors.brand, dash: undefined },
  { name: 'Money put in', colour: chartColors.axis, dash: '4 4' },
];

/** Capital over time beside the money put in: the gap between the two lines is what trading made or lost. */
export function CapitalChart({ points, height }: { points: CapitalPoint[]; height?: number }) {
  const last = points.at(-1);
  const capital = points.map((p) => p.capital);
  const deposits = points.map((p) => p.netDeposits);
  return (
    <ChartContainer
      title="Capital over time"
      description={
        last
          ? `On ${day(last.date)}: capital ${formatINR(last.capital)}, of which ${formatINR(last.netDeposits)} put in and ${formatINR(last.tradingPnl, { sign: 'exceptZero' })} from trading after charges.`
          : 'No deposits or closed trades yet.'
      }
      table={{
        columns: ['Date', 'Capital', 'Net money put in', 'Trading P&L after charges'],
        rows: points.map((p) => [
          p.date,
          formatINR(p.capital),
          formatINR(p.netDeposits),
          formatINR(p.tradingPnl, { sign: 'exceptZero' }),
        ]),
      }}
      height={height}
    >
      <div className="flex h-full flex-col gap-2">
        <div className="min-h-0 flex-1">
          <Plot
            label="Capital over time"
            count={points.length}
            kind="point"
            xTick={(i) => day(points[i]!.date).replace(/ \d{4}$/, '')}
            yTicks={niceTicks(Math.min(...capital, ...deposits), Math.max(...capital, ...deposits))}
            yTick={(v) => formatINRCompact(v)}
            summary={(i) => ({
              label: day(points[i]!.date),
              values: [
                ['Capital', formatINR(points[i]!.capital)],
                ['Money put in', formatINR(points[i]!.netDeposits)],
              ],
            })}
          >
            {(scale) => (
              <>
                <Line scale={scale} values={capital} colour={chartColors.brand} />
                <Line scale={scale} values={deposits} colour={chartColors.axis} step dashed />
              </>
            )}
          </Plot>
        </div>
        <ul className="flex flex-wrap justify-center gap-4 text-muted-foreground text-xs">
          {LEGEND.map(({ name, colour, dash }) => (
            <li key={name} className="flex items-center gap-1.5">
              <svg width="16" height="2" aria-hidden="true">
                <line x1="0" x2="16" y1="1" y2="1" stroke={colour} strokeWidth={2} strokeDasharray={dash} />
              </svg>
              {name}
            </li>
          ))}
        </ul>
      </div>
    </ChartContainer>
  );
}
