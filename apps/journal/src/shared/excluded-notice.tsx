// The notice every P&L area shows while some sales have no cost basis: they are left out of its figures until the
// trader gives their cost on the trades page.
import { ExcludedTradesNotice } from '@bahi/ui';

/** `trades`: the journal's, or the tax P&L's (which holds every sale without cost basis too). */
export function excludedNotice(trades: readonly { status: string }[] | undefined) {
  const count = trades?.reduce((n, t) => (t.status === 'missing_cost' ? n + 1 : n), 0) ?? 0;
  return <ExcludedTradesNotice count={count} href="/trades" />;
}
