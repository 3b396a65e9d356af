import { chartColors } from './chart';
import type { PlotScale } from './plot';

/** A gain's colour (zero included) or a loss's. */
export const pnlColour = (value: number) => (value >= 0 ? chartColors.profit : chartColors.loss);

/** A bar from the zero line `base` to `tip` with its far end rounded: the top for gains, the bottom for losses. */
export function barPath(x: number, width: number, base: number, tip: number, radius = 3): string {
  const r = Math.min(radius, width / 2, Math.abs(tip - base));
  const inward = tip < base ? r : -r;
  return [
    `M${x},${base}V${tip + inward}`,
    `Q${x},${tip} ${x + r},${tip}H${x + width - r}`,
    `Q${x + width},${tip} ${x + width},${tip + inward}V${base}Z`,
  ].join('');
}

/** One bar per value, coloured by `colour(i)`, 80% of its slot wide. */
export function Bars({ scale, values, colour }: { scale: PlotScale; values: number[]; colour: (i: number) => string }) {
  const width = Math.max(1, scale.slot * 0.8);
  const base = scale.y(0);
  return values.map((v, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: bars are positional
    <path key={i} d={barPath(scale.x(i) - width / 2, width, base, scale.y(v))} fill={colour(i)} />
  ));
}
