// How the dashboard and analytics write a statistic beside its sample size ("61% · 11 of 18 trades").
import type { Rate, Stat } from '@bahi/trading';
import { formatCount } from '@bahi/trading';

/** "61%" from a rate; "—" when the sample is empty. Whole percent: a journal's sample never justifies decimals. */
export function percent(rate: Pick<Rate, 'value'>): string {
  return rate.value === null ? '—' : `${Math.round(rate.value * 100)}%`;
}

/** "1.85"; "∞" when there are wins and no losses, "—" when there is nothing to divide. */
export function profitFactor(stat: Stat, wins: number): string {
  if (stat.value === null) return wins > 0 ? '∞' : '—';
  return stat.value.toFixed(2);
}

/** "1 trade", "18 trades", "3 wins" … */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** "11 of 18 trades". */
export function ofTrades(part: number, whole: number): string {
  return `${formatCount(part)} of ${count(whole, 'trade')}`;
}

/** "+1.50R", "−1.00R", "0.00R": a trade's result in multiples of the risk it took, with a real minus. */
export function rMultipleText(r: number): string {
  const fixed = Math.abs(r).toFixed(2);
  const sign = fixed === '0.00' ? '' : r < 0 ? '−' : '+';
  return `${sign}${fixed}R`;
}
