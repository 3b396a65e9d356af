// What the trader types on the tax page, read as the tax P&L takes it.

/** A 31 Jan 2018 value per share as typed ('1,164.50', '₹ 950'); an error message when it is not one. */
export function fmvValue(raw: string): { ok: true; price: number } | { ok: false; error: string } {
  const s = raw.replace(/[₹,\s]/g, '');
  if (s === '') return { ok: false, error: 'Enter the value of one share on 31 Jan 2018.' };
  if (!/^\d+(\.\d{1,4})?$/.test(s) || Number(s) <= 0) {
    return { ok: false, error: 'Enter the value in rupees, more than zero, like 1,164.50.' };
  }
  return { ok: true, price: Number(s) };
}
