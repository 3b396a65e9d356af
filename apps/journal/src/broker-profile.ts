// The user's default broker profile (public.broker_profiles) as @bahi/trading's BrokerProfile, and the form that
// edits it on /profile. Percentages are of turnover per executed order (0.03 means 0.03 %); caps and fees in rupees.

import {
  type BrokerageRule,
  type BrokerProfile,
  type ChargeBreakdown,
  type ChargeLeg,
  DISCOUNT_BROKER,
  type Exchange,
  estimateCharges,
  percent,
  type Segment,
} from '@bahi/trading';
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
}

/** A broker profile ready for the charge estimate: the brokerage rules plus the depository charge on a delivery sell. */
export interface ChargeProfile {
  id: string | null;
  profile: BrokerProfile;
  dpChargePerSell: number;
}

export const DEFAULT_CHARGE_PROFILE: ChargeProfile = { id: null, profile: DISCOUNT_BROKER, dpChargePerSell: 0 };

/** A trade's charges, contract-note style, with the depository charge on a delivery sell (its GST is in `gst`). */
export type TradeChargeBreakdown = ChargeBreakdown & { dp: number };

const NOTE_FIELDS = [
  'turnover',
  'brokerage',
  'stt',
  'transaction',
  'sebi',
  'stamp',
  'gst',
  'ipft',
  'dp',
  'total',
] as const;

/**
 * A trade's charges as its contract notes add up: one note per IST trading day, each at its own date's rates, plus
 * the profile's DP charge and its 18% GST on a day a delivery holding is sold. Summed in paise, so exact.
 */
export function contractNotes(
  exchange: Exchange,
  segment: Segment,
  notes: ReadonlyArray<{ date: string; legs: ChargeLeg[] }>,
  broker: ChargeProfile,
): TradeChargeBreakdown {
  const paise = Object.fromEntries(NOTE_FIELDS.map((f) => [f, 0])) as Record<(typeof NOTE_FIELDS)[number], number>;
  for (const { date, legs } of notes) {
    const note = estimateCharges({ exchange, segment, tradeDate: date, legs }, broker.profile);
    for (const f of NOTE_FIELDS) if (f !== 'dp') paise[f] += Math.round(note[f] * 100);
    const sells = legs.some((l) => l.side === 'sell');
    if (segment === 'equity-delivery' && sells && broker.dpChargePerSell > 0) {
      const dp = Math.round(broker.dpChargePerSell * 100);
      const gst = Math.round((dp * 18) / 100);
      paise.dp += dp;
      paise.gst += gst;
      paise.total += dp + gst;
    }
  }
  const rupees = (f: (typeof NOTE_FIELDS)[number]) => paise[f] / 100;
  return {
    turnover: rupees('turnover'),
    brokerage: rupees('brokerage'),
    stt: rupees('stt'),
    transaction: rupees('transaction'),
    sebi: rupees('sebi'),
    stamp: rupees('stamp'),
    gst: rupees('gst'),
    ipft: rupees('ipft'),
    dp: rupees('dp'),
    total: rupees('total'),
  };
}

// No cap in the row means the percentage alone applies; a cap larger than any order's brokerage does the same.
const NO_CAP = 1e9;

function percentRule(pct: number, cap: number | null): BrokerageRule {
  if (pct === 0) return { kind: 'free' };
  return { kind: 'percent-capped', rate: percent(pct), capPerOrder: cap ?? NO_CAP };
}

const num = (v: number | string | null): number | null => (v === null || v === '' ? null : Number(v));

export function toChargeProfile(row: BrokerProfileRow): ChargeProfile {
  const options = Number(row.options_brokerage_per_order);
  return {
    id: row.id,
    dpChargePerSell: Number(row.dp_charge_per_sell),
    profile: {
      name: row.name,
      brokerage: {
        'equity-delivery': percentRule(Number(row.delivery_brokerage_pct), num(row.delivery_brokerage_cap)),
        'equity-intraday': percentRule(Number(row.intraday_brokerage_pct), num(row.intraday_brokerage_cap)),
        futures: percentRule(Number(row.futures_brokerage_pct), num(row.futures_brokerage_cap)),
        options: options === 0 ? { kind: 'free' } : { kind: 'flat', perOrder: options },
      },
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
  dpPerSell: '0',
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
): { ok: true; row: Omit<BrokerProfileRow, 'id'> } | { ok: false; errors: BrokerChargesErrors } {
  const errors: BrokerChargesErrors = {};
  const read = (key: keyof BrokerChargesValues, optional: boolean, max?: number): number | null => {
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
  };
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, row };
}
