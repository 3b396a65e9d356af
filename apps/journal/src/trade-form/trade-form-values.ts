// The trade form's screen and @bahi/trading's rules for a trade typed by hand (trade-entry), mapped both ways: a saved
// trade back into the form, and the charges estimate in the screen's shape with what it assumed and where to set it.
import { type estimateDraftCharges, toIstLocal } from '@bahi/trading';
import type { TradeChargesPreview, TradeFormValues } from '@bahi/ui';
import type { JournalTrade } from '../data/journal-data';
import { estimatedChargesNote, estimateFixLink } from '../shared/estimates';

/** The estimate in the screen's shape, with the net P&L after charges when the trade is closed. */
export function chargesPreview(result: ReturnType<typeof estimateDraftCharges>): {
  charges?: TradeChargesPreview;
  note?: string;
  /** Set when some rates were assumed (estimatedChargesNote). */
  estimated?: string;
  /** Where the trader gives what was assumed. */
  fix?: { label: string; href: string };
} {
  if ('note' in result) return { note: result.note };
  const { charges, grossPnl, netPnl } = result;
  const { estimatedRates, ...lines } = charges;
  const preview: TradeChargesPreview = { ...lines, ...(grossPnl === undefined ? {} : { grossPnl, netPnl }) };
  if (estimatedRates.length === 0) return { charges: preview };
  const fix = estimateFixLink(estimatedRates);
  return { charges: preview, estimated: estimatedChargesNote(estimatedRates), ...(fix ? { fix } : {}) };
}

const str = (n: number | null) => (n === null ? '' : String(n));

/** A saved trade back into the form, for editing. */
export function valuesFromTrade(t: JournalTrade): TradeFormValues {
  const fo = t.segment !== 'equity';
  const lots = fo && t.lotSize ? t.quantity / t.lotSize : undefined;
  return {
    // The form estimates NSE and BSE charges only; an MCX trade is edited as NSE.
    exchange: t.exchange === 'BSE' ? 'BSE' : 'NSE',
    segment: t.segment,
    product: t.product,
    side: t.side,
    symbol: t.symbol,
    underlying: t.underlying ?? '',
    expiry: t.expiry ?? '',
    strike: str(t.strike),
    optionType: t.optionType ?? 'CE',
    lotSize: str(t.lotSize),
    lots: lots === undefined ? '' : String(lots),
    quantity: fo ? '' : String(t.quantity),
    entryPrice: str(t.entryPrice),
    exitPrice: str(t.exitPrice),
    entryAt: toIstLocal(t.entryTime),
    exitAt: t.exitTime ? toIstLocal(t.exitTime) : '',
    stopLoss: str(t.stopLoss),
    target: str(t.target),
    playbookId: t.playbookId ?? '',
    tags: t.tags.join(', '),
    emotionsBefore: t.emotionsBefore,
    emotionsAfter: t.emotionsAfter,
    mistakes: t.mistakes,
    rating: t.rating === null ? '' : String(t.rating),
    notes: t.notes ?? '',
  };
}
