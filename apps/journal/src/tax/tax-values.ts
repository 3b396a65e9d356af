// What the trader types on the tax page, read as the tax P&L takes it.
import { isIsoDate, type LotDatePart } from '@bahi/trading';

/** A 31 Jan 2018 value per share as typed ('1,164.50', '₹ 950'); an error message when it is not one. */
export function fmvValue(raw: string): { ok: true; price: number } | { ok: false; error: string } {
  const s = raw.replace(/[₹,\s]/g, '');
  if (s === '') return { ok: false, error: 'Enter the value of one share on 31 Jan 2018.' };
  if (!/^\d+(\.\d{1,4})?$/.test(s) || Number(s) <= 0) {
    return { ok: false, error: 'Enter the value in rupees, more than zero, like 1,164.50.' };
  }
  return { ok: true, price: Number(s) };
}

/**
 * A lot's buys as typed on the tax page (shares as traders write them, '1,200'; days from the date field), or what
 * to fix. Whether they fit the lot (add up to it, on or before the day it was held) is the planner's to say.
 */
export function lotDateParts(
  typed: readonly { quantity: string; boughtOn: string }[],
): { ok: true; parts: LotDatePart[] } | { ok: false; error: string } {
  const parts: LotDatePart[] = [];
  for (const [i, t] of typed.entries()) {
    const which = typed.length === 1 ? '' : ` of buy ${i + 1}`;
    const quantity = t.quantity.replace(/[,\s]/g, '');
    if (!/^\d+(\.\d{1,6})?$/.test(quantity) || Number(quantity) <= 0) {
      return { ok: false, error: `Enter the number of shares${which}, more than zero, like 25.` };
    }
    if (!isIsoDate(t.boughtOn)) {
      const day = typed.length === 1 ? 'Enter the day the shares were bought.' : `Enter the day of buy ${i + 1}.`;
      return { ok: false, error: day };
    }
    parts.push({ quantity: Number(quantity), boughtOn: t.boughtOn });
  }
  if (parts.length === 0) return { ok: false, error: 'Enter when the shares were bought.' };
  return { ok: true, parts };
}
