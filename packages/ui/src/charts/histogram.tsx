import { Bars, pnlColour } from './bars';
import { niceTicks } from './nice-ticks';
import { Plot } from './plot';

export interface HistogramBand {
  /** Names the band in the tooltip and to screen readers. */
  label: string;
  /** The band's lower edge: bands from zero up are profit's colour, below it loss's. */
  from: number;
  count: number;
}

/** How many trades fell in each band: the plot the R-multiple and P&L distributions share. */
export function TradeHistogram({
  label,
  bands,
  xTick,
  categories,
}: {
  label: string;
  bands: HistogramBand[];
  xTick: (i: number) => string;
  categories?: boolean;
}) {
  const counts = bands.map((b) => b.count);
  return (
    <Plot
      label={label}
      count={bands.length}
      kind="band"
      categories={categories}
      xTick={xTick}
      yTicks={niceTicks(0, Math.max(0, ...counts), 5, { integer: true })}
      yTick={String}
      yAxisWidth={32}
      summary={(i) => ({ label: bands[i]!.label, values: [['Trades', String(bands[i]!.count)]] })}
    >
      {(scale) => <Bars scale={scale} values={counts} colour={(i) => pnlColour(bands[i]!.from)} />}
    </Plot>
  );
}
