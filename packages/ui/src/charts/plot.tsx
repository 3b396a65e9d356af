import * as React from 'react';
import { useSize } from '../lib/use-size';
import { axisTick, chartColors, tooltipStyle } from './chart';

/** Where the chart draws: pixel positions of slot `i` and of value `v`, and the slot under the pointer or focus. */
export interface PlotScale {
  /** Centre of slot `i`. */
  x: (i: number) => number;
  y: (v: number) => number;
  /** Width of one slot (the room a bar may take). */
  slot: number;
  /** Bottom edge of the drawing area (the first y tick). */
  bottom: number;
  active: number | null;
}

/** What the tooltip and the screen reader say about one slot: a label (date, group) and named values. */
export interface SlotSummary {
  label: string;
  values: Array<[name: string, value: string]>;
}

export interface PlotProps {
  /** Names the keyboard control: the chart's title. */
  label: string;
  count: number;
  /** 'band' centres each value in its slot (bars); 'point' puts the first and last on the edges (lines). */
  kind: 'band' | 'point';
  xTick: (i: number) => string;
  /** Categories: label every slot (shortened to fit) instead of thinning the labels. */
  categories?: boolean;
  /** From `niceTicks`: the first and last are the y domain. */
  yTicks: number[];
  yTick: (v: number) => string;
  yAxisWidth?: number;
  summary: (i: number) => SlotSummary;
  children: (scale: PlotScale) => React.ReactNode;
}

// Room around the drawing and under it for the date labels (as before the charts were our own).
const MARGIN = { top: 8, right: 8, left: 8 };
const X_AXIS_HEIGHT = 30;
const LABEL_GAP = 16;

/** Rough text width: SVG text cannot be measured before it is drawn, and ticks only need to avoid overlapping. */
const textWidth = (text: string, fontSize: number) => text.length * fontSize * 0.6;

const fit = (text: string, width: number, fontSize: number) => {
  const chars = Math.floor(width / (fontSize * 0.6));
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;
};

/**
 * Which x labels to draw. Categories: every one, shortened to its slot. Dates: from the last backwards, each that
 * clears the one after it, so the latest date always has its label; labels at the edges are anchored inside.
 */
function placeXLabels({
  count,
  x,
  width,
  fontSize,
  categories,
  slot,
  text,
}: {
  count: number;
  x: (i: number) => number;
  width: number;
  fontSize: number;
  categories: boolean;
  slot: number;
  text: (i: number) => string;
}) {
  const labels: Array<{ i: number; text: string; anchor: 'start' | 'middle' | 'end' }> = [];
  let room = Number.POSITIVE_INFINITY;
  for (let i = count - 1; i >= 0; i--) {
    const label = categories ? fit(text(i), slot, fontSize) : text(i);
    const w = textWidth(label, fontSize);
    const anchor = x(i) + w / 2 > width ? 'end' : x(i) - w / 2 < 0 ? 'start' : 'middle';
    const start = anchor === 'end' ? x(i) - w : anchor === 'start' ? x(i) : x(i) - w / 2;
    if (!categories && start + w + LABEL_GAP > room) continue;
    labels.push({ i, text: label, anchor });
    room = start;
  }
  return labels;
}

/**
 * Axes, grid, zero line and tooltip for a chart of `count` values, drawn at the container's size. The drawing is
 * hidden from assistive technology (the figure's table has the data); one slider over it steps through the values
 * with the arrow keys, Home and End, showing the tooltip and announcing it, as the pointer does by hovering.
 */
export function Plot({
  label,
  count,
  kind,
  xTick,
  categories = false,
  yTicks,
  yTick,
  yAxisWidth = 64,
  summary,
  children,
}: PlotProps) {
  const [ref, { width, height }] = useSize<HTMLDivElement>();
  const [active, setActive] = React.useState<number | null>(null);

  const left = MARGIN.left + yAxisWidth;
  const right = Math.max(left + 1, width - MARGIN.right);
  const bottom = Math.max(MARGIN.top + 1, height - X_AXIS_HEIGHT);
  const lo = yTicks[0] ?? 0;
  const hi = yTicks.at(-1) ?? 1;
  const slot = (right - left) / Math.max(1, kind === 'band' ? count : count - 1);
  const x = (i: number) =>
    kind === 'band' ? left + slot * (i + 0.5) : count === 1 ? (left + right) / 2 : left + slot * i;
  const y = (v: number) => bottom - ((v - lo) / (hi - lo || 1)) * (bottom - MARGIN.top);

  const fontSize = categories ? 11 : axisTick.fontSize;
  const xLabels = placeXLabels({ count, x, width, fontSize, categories, slot, text: xTick });

  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  const step = (i: number) => setActive((a) => clamp((a ?? 0) + i));
  const onKeyDown = (e: React.KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => step(-1),
      ArrowDown: () => step(-1),
      ArrowRight: () => step(1),
      ArrowUp: () => step(1),
      Home: () => setActive(0),
      End: () => setActive(count - 1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    move();
  };
  const onPointer = (e: React.PointerEvent) => {
    const px = e.clientX - e.currentTarget.getBoundingClientRect().left - left;
    setActive(clamp(kind === 'band' ? Math.floor(px / slot) : Math.round(px / slot)));
  };

  const shown = active === null ? null : summary(active);
  const valueText = (s: SlotSummary) => `${s.label}: ${s.values.map(([n, v]) => `${n} ${v}`).join(', ')}`;
  const tipOnLeft = active !== null && x(active) > (left + right) / 2;

  return (
    // Inline-size containment: the svg drawn at the measured width must not count as the box's own minimum width,
    // or a grid or flex parent could never shrink below it again (a window narrowed, a phone turned).
    <div ref={ref} data-slot="plot" className="relative h-full w-full min-w-0 overflow-hidden [contain:inline-size]">
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" className="block">
          {yTicks.map((t) => (
            <g key={t}>
              <line x1={left} x2={right} y1={y(t)} y2={y(t)} stroke={chartColors.grid} />
              <text x={left - 8} y={y(t)} dy="0.32em" textAnchor="end" {...axisTick}>
                {yTick(t)}
              </text>
            </g>
          ))}
          <line x1={left} x2={left} y1={MARGIN.top} y2={bottom} stroke={chartColors.grid} />
          <line x1={left} x2={right} y1={bottom} y2={bottom} stroke={chartColors.grid} />
          {active !== null &&
            (kind === 'band' ? (
              <rect
                x={x(active) - slot / 2}
                y={MARGIN.top}
                width={slot}
                height={bottom - MARGIN.top}
                fill={chartColors.grid}
                opacity={0.5}
              />
            ) : (
              <line x1={x(active)} x2={x(active)} y1={MARGIN.top} y2={bottom} stroke={chartColors.axis} />
            ))}
          {children({ x, y, slot, bottom, active })}
          {lo < 0 && <line x1={left} x2={right} y1={y(0)} y2={y(0)} stroke={chartColors.axis} />}
          {xLabels.map(({ i, text, anchor }) => (
            <text key={i} x={x(i)} y={bottom + 8} dy="0.71em" textAnchor={anchor} {...axisTick} fontSize={fontSize}>
              {text}
            </text>
          ))}
        </svg>
      )}
      {count > 0 && (
        <div
          role="slider"
          tabIndex={0}
          aria-label={label}
          aria-valuemin={1}
          aria-valuemax={count}
          aria-valuenow={(active ?? 0) + 1}
          aria-valuetext={valueText(summary(active ?? 0))}
          className="absolute inset-0 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset"
          onKeyDown={onKeyDown}
          onFocus={() => setActive((a) => a ?? 0)}
          onBlur={() => setActive(null)}
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={(e) => e.currentTarget !== document.activeElement && setActive(null)}
        />
      )}
      {shown && active !== null && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute grid gap-0.5 whitespace-nowrap px-2.5 py-1.5"
          style={{
            ...tooltipStyle,
            top: MARGIN.top,
            ...(tipOnLeft ? { right: width - x(active) + 12 } : { left: x(active) + 12 }),
          }}
        >
          <span className="font-medium">{shown.label}</span>
          {shown.values.map(([name, value]) => (
            <span key={name}>
              {name}: {value}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
