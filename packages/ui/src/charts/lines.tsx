import { chartColors } from './chart';
import type { PlotScale } from './plot';

/**
 * Straight segments between values. `step` holds each value until the next (money put in changes on a day and then
 * stays). Straight rather than smoothed: a curve would draw equity between closes that never existed.
 */
export function linePath(scale: PlotScale, values: number[], step = false): string {
  return values
    .map((v, i) => {
      const x = scale.x(i);
      const y = scale.y(v);
      if (i === 0) return `M${x},${y}`;
      return step ? `H${x}V${y}` : `L${x},${y}`;
    })
    .join('');
}

export function Line({
  scale,
  values,
  colour,
  step,
  dashed,
  fill,
}: {
  scale: PlotScale;
  values: number[];
  colour: string;
  step?: boolean;
  dashed?: boolean;
  /** Paint under the line down to the axis (an area chart), e.g. `url(#gradient)`. */
  fill?: string;
}) {
  const d = linePath(scale, values, step);
  const last = scale.x(values.length - 1);
  const active = scale.active === null ? undefined : values[scale.active];
  return (
    <>
      {fill && values.length > 1 && <path d={`${d}V${scale.bottom}H${scale.x(0)}Z`} fill={fill} />}
      <path
        d={d}
        fill="none"
        stroke={colour}
        strokeWidth={dashed ? 1 : 2}
        strokeDasharray={dashed ? '4 4' : undefined}
        strokeLinejoin="round"
      />
      {values.length === 1 && <circle cx={last} cy={scale.y(values[0] ?? 0)} r={3} fill={colour} />}
      {active !== undefined && scale.active !== null && (
        <circle
          cx={scale.x(scale.active)}
          cy={scale.y(active)}
          r={4}
          fill={colour}
          stroke={chartColors.tooltipBg}
          strokeWidth={2}
        />
      )}
    </>
  );
}
