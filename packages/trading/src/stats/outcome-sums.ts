// A set of trades' count and net P&L, summed apart for wins, losses and break-evens. Two additions per trade in each
// of its ~12 groups, where wins, losses, profit and loss kept as sums of their own would take five; they fall out of
// the split. The journal's summary and every group's are made from these sums, added in exit order and combined the
// same way, so a group's figures are exactly those of summarising its trades on their own.

/** Numbers per set of trades: for each outcome (at offsets 0 win, 2 loss, 4 break-even) its count and net P&L. */
export const OUTCOME_SUMS = 6;

/** Where a trade of net P&L `netPnl` is added: a win above 0, a loss below, a break-even at exactly 0. */
export const outcomeOffset = (netPnl: number): number => (netPnl > 0 ? 0 : netPnl < 0 ? 2 : 4);

/** The figures of a summary that come from the outcome sums. */
export interface OutcomeTotals {
  n: number;
  wins: number;
  losses: number;
  /** Net P&L of the wins. */
  profit: number;
  /** Net P&L of the losses, as a positive amount. */
  loss: number;
  /** profit − loss: break-evens add nothing. */
  net: number;
}

/** The totals of the sums at `sums[at … at + OUTCOME_SUMS − 1]`. */
export function outcomeTotals(sums: Float64Array, at: number): OutcomeTotals {
  const wins = sums[at]!;
  const losses = sums[at + 2]!;
  const profit = sums[at + 1]!;
  const loss = -sums[at + 3]!;
  return { n: wins + losses + sums[at + 4]!, wins, losses, profit, loss, net: profit - loss };
}

/** Trades counted in the sums at `at`. */
export const tradesIn = (sums: Float64Array, at: number): number => sums[at]! + sums[at + 2]! + sums[at + 4]!;
