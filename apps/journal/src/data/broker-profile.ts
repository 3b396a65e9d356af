// The user's default broker profile (public.broker_profiles) as @bahi/trading's charge settings, and the form that
// edits it on /profile. Percentages are of turnover per executed order (0.03 means 0.03 %); caps and fees in rupees.
// The charge rules themselves (contract notes, the DP charge and its GST) live in @bahi/trading.

import { type BrokerageRule, type ChargeSettings, DISCOUNT_BROKER, type IndianStateCode, percent } from '@bahi/trading';
import type { BrokerChargesValues, BrokerId } from '@bahi/ui';

export type Broker = BrokerId;

export interface BrokerProfileRow {
  id: string;
  name: string;
  broker: Broker;
  delivery_brokerage_pct: number | string;
  delivery_brokerage_cap: number | string | null;
  intraday_brokerage_pct: number | string;
  intraday_brokerage_cap: number | string | null;
  futures_brokerage_pct: number | string;
  futures_brokerage_cap: number | string | null;
  options_brokerage_per_order: number | string;
  dp_charge_per_sell: number | string;
  dp_charge_includes_gst: boolean;
  /** The first sale date (YYYY-MM-DD) the DP charge applies to: set by the server when the charge is entered. */
  dp_charge_from?: string | Date | null;
  residence_state: string | null;
}

/** A broker profile ready for the charge estimates, with its row id (recorded on estimated trades). */
export interface ChargeProfile {
  id: string | null;
  settings: ChargeSettings;
}

export const DEFAULT_CHARGE_PROFILE: ChargeProfile = { id: null, settings: { profile: DISCOUNT_BROKER } };

// No cap in the row means the percentage alone applies; a cap larger than any order's brokerage does the same.
const NO_CAP = 1e9;

function percentRule(pct: number, cap: number | null): BrokerageRule {
  if (pct === 0) return { kind: 'free' };
  return { kind: 'percent-capped', rate: percent(pct), capPerOrder: cap ?? NO_CAP };
}

const num = (v: number | string | null): number | null => (v === null || v === '' ? null : Number(v));
/** A date column as 'YYYY-MM-DD': it arrives as a Date (node-postgres) or as that string (PostgREST). */
export const isoDay = (v: string | Date) => (v instanceof Date ? v.toISOString().slice(0, 10) : v.slice(0, 10));

export function toChargeProfile(row: BrokerProfileRow): ChargeProfile {
  const options = Number(row.options_brokerage_per_order);
  return {
    id: row.id,
    settings: {
      profile: {
        name: row.name,
        brokerage: {
          'equity-delivery': percentRule(Number(row.delivery_brokerage_pct), num(row.delivery_brokerage_cap)),
          'equity-intraday': percentRule(Number(row.intraday_brokerage_pct), num(row.intraday_brokerage_cap)),
          futures: percentRule(Number(row.futures_brokerage_pct), num(row.futures_brokerage_cap)),
          options: options === 0 ? { kind: 'free' } : { kind: 'flat', perOrder: options },
        },
        dp: {
          amount: Number(row.dp_charge_per_sell),
          includesGst: row.dp_charge_includes_gst,
          ...(row.dp_charge_from ? { from: isoDay(row.dp_charge_from) } : {}),
        },
        // Before that day sales are charged Zerodha's DP charge of their date: an assumption for another broker.
        ...(row.broker === 'zerodha' ? {} : { dpAssumed: 'other-broker' as const }),
      },
      // No state chosen: the rates fall back to DEFAULT_STATE's and say they are estimated.
      state: (row.residence_state as IndianStateCode | null) ?? undefined,
    },
  };
}

/** The discount-broker schedule of INDIA.md: what a new profile starts from. */
export const DEFAULT_BROKER_CHARGES: BrokerChargesValues = {
  broker: 'zerodha',
  intradayPct: '0.03',
  intradayCap: '20',
  deliveryPct: '0',
  deliveryCap: '',
  futuresPct: '0.03',
  futuresCap: '20',
  optionsPerOrder: '20',
  dpPerSell: '15.34',
  dpIncludesGst: true,
  residenceState: '',
};

const str = (v: number | string | null) => (v === null ? '' : String(Number(v)));

export function brokerChargesValues(row: BrokerProfileRow | null): BrokerChargesValues {
  if (!row) return DEFAULT_BROKER_CHARGES;
  return {
    broker: row.broker,
    intradayPct: str(row.intraday_brokerage_pct),
    intradayCap: str(row.intraday_brokerage_cap),
    deliveryPct: str(row.delivery_brokerage_pct),
    deliveryCap: str(row.delivery_brokerage_cap),
    futuresPct: str(row.futures_brokerage_pct),
    futuresCap: str(row.futures_brokerage_cap),
    optionsPerOrder: str(row.options_brokerage_per_order),
    dpPerSell: str(row.dp_charge_per_sell),
    dpIncludesGst: row.dp_charge_includes_gst,
    residenceState: row.residence_state ?? '',
  };
}

export type BrokerChargesErrors = Partial<Record<keyof BrokerChargesValues, string>>;

const BROKER_NAMES: Record<Broker, string> = {
  zerodha: 'Zerodha',
  upstox: 'Upstox',
  angelone: 'Angel One',
  groww: 'Groww',
  dhan: 'Dhan',
  fyers: 'Fyers',
  icici: 'ICICI Direct',
  other: 'My broker',
};

/** Checks the card and builds the broker_profiles columns; errors are per field. */
export function brokerChargesPayload(
  v: BrokerChargesValues,
): { ok: true; row: Omit<BrokerProfileRow, 'id' | 'dp_charge_from'> } | { ok: false; errors: BrokerChargesErrors } {
  const errors: BrokerChargesErrors = {};
  type NumberField = Exclude<keyof BrokerChargesValues, 'broker' | 'dpIncludesGst' | 'residenceState'>;
  const read = (key: NumberField, optional: boolean, max?: number): number | null => {
    const raw = v[key].trim().replace(/,/g, '');
    if (raw === '') {
      if (!optional) errors[key] = 'Enter a number (0 for none).';
      return null;
    }
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) errors[key] = 'Enter zero or a positive number.';
    else if (max !== undefined && n > max) errors[key] = `At most ${max}%: brokerage is a small share of turnover.`;
    return n;
  };
  const row = {
    name: BROKER_NAMES[v.broker],
    broker: v.broker,
    intraday_brokerage_pct: read('intradayPct', false, 5) ?? 0,
    intraday_brokerage_cap: read('intradayCap', true),
    delivery_brokerage_pct: read('deliveryPct', false, 5) ?? 0,
    delivery_brokerage_cap: read('deliveryCap', true),
    futures_brokerage_pct: read('futuresPct', false, 5) ?? 0,
    futures_brokerage_cap: read('futuresCap', true),
    options_brokerage_per_order: read('optionsPerOrder', false) ?? 0,
    dp_charge_per_sell: read('dpPerSell', false) ?? 0,
    dp_charge_includes_gst: v.dpIncludesGst,
    residence_state: v.residenceState || null,
  };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, row };
}
