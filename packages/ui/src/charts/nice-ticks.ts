/** The nice number (1, 2 or 5 × 10ⁿ) at or above `x`: a step people can read off an axis. */
export function niceStep(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  const f = x / power;
  // Float error: 0.3 / 0.1 is 2.9999999999999996, which must stay a 5, not become a 2.
  const nice = f <= 1 + 1e-9 ? 1 : f <= 2 + 1e-9 ? 2 : f <= 5 + 1e-9 ? 5 : 10;
  return nice * power;
}

/**
 * About `count` evenly spaced ticks on nice steps whose first is at or below `min` and last at or above `max`, so the
 * first and last ticks make the axis's domain. `integer` keeps steps whole (counts of trades).
 */
export function niceTicks(min: number, max: number, count = 5, { integer = false } = {}): number[] {
  // No data (Math.min of nothing is Infinity): no ticks, the plot draws bare axes.
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  let lo = Math.min(min, max);
  let hi = Math.max(min, max);
  if (lo === hi) {
    // One value: give it room around it (or above it, at zero) rather than a zero-height axis.
    const pad = lo === 0 ? 1 : Math.abs(lo) / 10;
    lo = lo === 0 ? 0 : lo - pad;
    hi += pad;
  }
  let step = niceStep((hi - lo) / Math.max(1, count - 1));
  if (integer) step = Math.max(1, step);
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const ticks: number[] = [];
  // Multiply rather than add, and round, so 0.1 + 0.2 does not print as 0.30000000000000004.
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}
