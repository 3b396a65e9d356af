// Stamp duty on exchange trades. Until 30 Jun 2020 each state charged its own duty on the contract note, at the
// rates of the client's state of residence and on both the buy and the sell side; from 1 Jul 2020 the Indian Stamp
// Act as amended by the Finance Act 2019 charges one rate everywhere, on the buyer only.
import { percent } from '../paise';
import { DEFAULT_STATE, INDIAN_STATES, type IndianStateCode } from './states';
import type { CommoditySegment, Exchange, RateRow, Schedule, Segment } from './types';

export const UNIFORM_STAMP_DUTY_FROM = '2020-07-01';
const START = '2018-04-01';

/** The kinds of contract a state's schedule priced separately. */
export type StampKind = 'delivery' | 'intraday' | 'futures' | 'options' | 'commodity';

export interface StateStampDuty {
  /** Rates per crore of turnover, charged on each side. */
  rates: Readonly<Record<Exclude<StampKind, 'commodity'>, number>> & {
    /** MCX futures and options; null where the state charged per unit of the commodity (not modelled). */
    commodity: number | null;
  };
  /** The most a contract note (one trading day) paid, in rupees, by kind. */
  capPerNote?: Readonly<Partial<Record<StampKind, number>>>;
  source: string;
}

const TRADESMART =
  'Tradesmart, "old stamp duty rates state wise" (http://help.tradesmartonline.in/what-are-the-stamp-duty-rates-' +
  'charged/)';
const SAMCO = 'Samco state-wise table (https://www.samco.in/stamp-duty-charges-in-trading)';
const OTHERS =
  'Trading Bells (https://www.tradingbells.com/technology) and SAS Online (https://sasonline.in/stamp-duty/)';
const BOTH_SIDES =
  'Charged on both sides: the 2020 reform made it payable by "either the buyer or the seller ... as against the ' +
  'current practice of levying the duty on both" (Business Standard/PTI, 30 Mar 2020). Broker schedules are ' +
  'undated; the date each state set its rate was not established.';

// Maharashtra's schedule, which Delhi, Gujarat, Kerala and others shared.
const MAHARASHTRA = {
  delivery: percent(0.01),
  intraday: percent(0.002),
  futures: percent(0.002),
  options: percent(0.002),
  commodity: percent(0.001),
};

const flat = (value: number, commodity: number | null = value) => ({
  delivery: value,
  intraday: value,
  futures: value,
  options: value,
  commodity,
});

const everyKind = (cap: number) => ({ delivery: cap, intraday: cap, futures: cap, options: cap, commodity: cap });

/**
 * State-wise stamp duty before 1 Jul 2020 as brokers published it, for the states found. A state missing here is
 * charged at the default state's rates and marked estimated.
 */
export const STATE_STAMP_DUTY: Readonly<Partial<Record<IndianStateCode, StateStampDuty>>> = {
  MH: {
    rates: MAHARASHTRA,
    source: `${TRADESMART}; the same in ${SAMCO}, ${OTHERS}. ${BOTH_SIDES}`,
  },
  DL: {
    rates: MAHARASHTRA,
    source: `${TRADESMART}; the same in ${SAMCO}, ${OTHERS}. ${BOTH_SIDES}`,
  },
  GJ: {
    rates: MAHARASHTRA,
    source: `${TRADESMART}; the same in ${SAMCO}, ${OTHERS}. ${BOTH_SIDES}`,
  },
  KL: {
    rates: MAHARASHTRA,
    source: `${TRADESMART}; the same in ${SAMCO}, ${OTHERS}. ${BOTH_SIDES}`,
  },
  HR: {
    rates: MAHARASHTRA,
    source:
      `${TRADESMART}. Conflicting: Samco adds caps (₹500 cash, ₹200 F&O), Trading Bells and SAS Online give ` +
      `0.003% up to ₹30 a day. ${BOTH_SIDES}`,
  },
  CG: {
    rates: MAHARASHTRA,
    source: `${SAMCO} (not in Tradesmart's list). ${BOTH_SIDES}`,
  },
  WB: {
    rates: { ...MAHARASHTRA, commodity: percent(0.002) },
    source: `${TRADESMART}. ${BOTH_SIDES}`,
  },
  MP: {
    rates: { ...MAHARASHTRA, commodity: percent(0.002) },
    capPerNote: { futures: 50, options: 50, commodity: 50 },
    source: `${TRADESMART} ("max Rs. 50/day, in case of FO, CD & commodities"); caps also in Trading Bells. ${BOTH_SIDES}`,
  },
  RJ: {
    rates: {
      delivery: percent(0.012),
      intraday: percent(0.003),
      futures: percent(0.0012),
      options: percent(0.0024),
      commodity: percent(0.0012),
    },
    source: `${TRADESMART}; the same in ${SAMCO} (commodity: non-agricultural; agri 0.0006%). ${BOTH_SIDES}`,
  },
  KA: {
    rates: flat(percent(0.003)),
    source: `${TRADESMART}; the same in ${SAMCO}. Conflicting: ${OTHERS} give 0.01% up to ₹50. ${BOTH_SIDES}`,
  },
  TN: {
    rates: flat(percent(0.006), null),
    source:
      `${TRADESMART}; the same in ${SAMCO}. Commodities were charged per unit (e.g. 50 paise a kilo of gold) and ` +
      `not at all on crude oil and base metals: not modelled, MCX trades are charged nil and marked estimated. ` +
      BOTH_SIDES,
  },
  UP: {
    rates: flat(percent(0.002)),
    capPerNote: everyKind(1000),
    source: `${TRADESMART} (up to ₹1,000 a day, all segments). ${BOTH_SIDES}`,
  },
  TS: {
    rates: flat(percent(0.01)),
    capPerNote: everyKind(100),
    source: `${TRADESMART}; the same in ${SAMCO} (up to ₹100 a day, all segments). ${BOTH_SIDES}`,
  },
  AP: {
    rates: flat(percent(0.005)),
    capPerNote: everyKind(50),
    source: `${TRADESMART}; the same in ${SAMCO}, ${OTHERS} (up to ₹50 a day). ${BOTH_SIDES}`,
  },
  AS: {
    rates: flat(percent(0.018)),
    capPerNote: everyKind(49.5),
    source: `${TRADESMART}; the same in ${SAMCO}, ${OTHERS} (up to ₹49.50 a day). ${BOTH_SIDES}`,
  },
  OD: {
    rates: flat(percent(0.005)),
    capPerNote: everyKind(50),
    source: `${TRADESMART}; the same in ${SAMCO}, ${OTHERS} (up to ₹50 a day). ${BOTH_SIDES}`,
  },
  GA: {
    rates: flat(percent(0.005)),
    source: `${TRADESMART}; the same in ${SAMCO}. Conflicting: ${OTHERS} give 0.01% up to ₹50. ${BOTH_SIDES}`,
  },
  JK: {
    rates: flat(percent(0.01)),
    source: `${TRADESMART}. ${BOTH_SIDES}`,
  },
  AR: {
    rates: flat(percent(0.003)),
    source: `${TRADESMART}; the same in ${SAMCO}. Conflicting: ${OTHERS} give 0.04% up to ₹40. ${BOTH_SIDES}`,
  },
  ML: {
    rates: flat(percent(0.003)),
    source: `${TRADESMART}; the same in ${SAMCO}. Conflicting: ${OTHERS} give 0.04% up to ₹40. ${BOTH_SIDES}`,
  },
  HP: {
    rates: flat(percent(0.005), null),
    source:
      `${TRADESMART} (no commodity figure: MCX trades are charged nil and marked estimated). Conflicting: ` +
      `Trading Bells gives ₹50 a day, SAS Online 0.003% up to ₹30. ${BOTH_SIDES}`,
  },
};

const UNIFORM =
  'Indian Stamp Act 1899, Schedule I as amended by the Finance Act 2019 (Part I, Chapter IV), in force from 1 Jul ' +
  '2020 (Ministry of Finance notifications of 30 Mar 2020; "Uniform stamp duty for deals in securities", The Hindu, ' +
  "30 Jun 2020): one rate in every state, on the buyer. Rates as published in Zerodha's bulletin of 1 Jul 2020 " +
  '(https://zerodha.com/marketintel/bulletin/259741/uniform-stamp-duty-applicable-from-july-1-2020), "futures ' +
  '(equity and commodity)" and "options (equity and commodity)" alike; the Schedule text was not read here.';

const UNIFORM_BUY: Readonly<Record<Exclude<StampKind, 'commodity'>, number>> = {
  delivery: percent(0.015),
  intraday: percent(0.003),
  futures: percent(0.002),
  options: percent(0.003),
};

/** The kind of contract a state's schedule charged a segment of an exchange as. */
function stampKind(exchange: Exchange, segment: Segment): StampKind {
  if (exchange === 'MCX') return 'commodity';
  return segment === 'equity-delivery' ? 'delivery' : segment === 'equity-intraday' ? 'intraday' : segment;
}

/**
 * Stamp duty rows for a segment of an exchange, for a trader resident in `state`: the state's own rate on both sides
 * from 1 Apr 2018 (the default state's, unsourced, where none was found), then the uniform buy-side rate.
 */
export function stampDutySchedules(
  exchange: Exchange,
  segment: Segment,
  state: IndianStateCode,
): { buy: Schedule; sell: Schedule } {
  const kind = stampKind(exchange, segment);
  const own = STATE_STAMP_DUTY[state];
  const schedule = own ?? STATE_STAMP_DUTY[DEFAULT_STATE]!;
  const value = schedule.rates[kind];
  const capPerNote = schedule.capPerNote?.[kind];
  const name = INDIAN_STATES.find((s) => s.code === state)!.name;
  const stateRow: RateRow = {
    from: START,
    value: value ?? 0,
    ...(capPerNote === undefined ? {} : { capPerNote }),
    source: own
      ? `${name}: ${schedule.source}`
      : `No published schedule was found for ${name}: charged at the default state's (Maharashtra's) rates. ` +
        schedule.source,
    evidence: own && value !== null ? 'secondary' : 'unsourced',
  };
  // Futures and options on MCX pay the same uniform rates as equity futures and options.
  const uniformKind = kind === 'commodity' ? (segment as CommoditySegment) : kind;
  return {
    buy: [
      stateRow,
      { from: UNIFORM_STAMP_DUTY_FROM, value: UNIFORM_BUY[uniformKind], source: UNIFORM, evidence: 'secondary' },
    ],
    sell: [stateRow, { from: UNIFORM_STAMP_DUTY_FROM, value: 0, source: UNIFORM, evidence: 'secondary' }],
  };
}
