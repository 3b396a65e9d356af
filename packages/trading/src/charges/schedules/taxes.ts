// Securities transaction tax (NSE, BSE) and commodities transaction tax (MCX), by the date each rate took effect.
import { percent } from '../paise';
import type { CommoditySegment, RateRow, Schedule, Segment } from './types';

/** A transaction tax on one segment: each side, and options exercised at expiry. */
export interface TransactionTax {
  buy: Schedule;
  sell: Schedule;
  exercise: Schedule;
  /**
   * Each side for a unit of an equity-oriented fund (an equity ETF), where it differs from a share's (the cash
   * market). A unit of any other fund pays no STT at all.
   */
  fundBuy?: Schedule;
  fundSell?: Schedule;
  /** What the exercise rate is charged on: the option's intrinsic value (STT) or its settlement value (CTT). */
  exerciseOn: 'intrinsic' | 'settlement';
}

const START = '2018-04-01';

const none = (source: string): Schedule => [{ from: START, value: 0, source, evidence: 'primary' }];

const STT_ACT = 'Finance (No. 2) Act 2004, Chapter VII, s. 98 Table';

const FINANCE_ACT_2023 =
  'Finance Act 2023 (Finance Bill passed 24 Mar 2023, the option figure corrected by the Rajya Sabha amendment of ' +
  '27 Mar 2023; in force 1 Apr 2023): as reported by PTI, https://www.devdiscourse.com/article/headlines/' +
  '2423213-cabinet-gives-post-facto-approval-to-amendment-to-finance-bill-2023 and Taxscan; NSE circular ' +
  'NSE/FATAX/56235 (1 Apr 2023) as quoted in public repositories. The enacted text was not read here.';
const FINANCE_ACT_2024 =
  'Finance (No. 2) Act 2024, amending s. 98 Table sl. 4 with effect from 1 Oct 2024 (section summary, ' +
  'https://www.taxtmi.com/acts?id=43885); rates as on Zerodha charges page copies from Oct 2024 and NSE circular ' +
  'NSE/FATAX/63809 (9 Sep 2024) as quoted in public repositories. The enacted text was not read here.';
const FINANCE_ACT_2026 =
  'Finance Act 2026, amending s. 98 Table from 1 Apr 2026: option sale 0.1% → 0.15%, exercise 0.125% → 0.15%, ' +
  'futures 0.02% → 0.05% (TaxTMI summary of the enacted section, 31 Mar 2026, https://www.taxtmi.com/acts?id=53945; ' +
  'Budget reports of 1 Feb 2026, e.g. WION; NSE circular NSE/FATAX/73524 (31 Mar 2026) as quoted in public ' +
  'repositories).';

const row = (from: string, value: number, source: string, evidence: RateRow['evidence']): RateRow => ({
  from,
  value,
  source,
  evidence,
});

/** STT on recognised stock exchanges (NSE and BSE alike: it is a tax, not an exchange charge). */
export const STT: Readonly<Record<Segment, TransactionTax>> = {
  'equity-delivery': {
    buy: [
      row(
        START,
        percent(0.1),
        `${STT_ACT} sl. 1: purchase of an equity share settled by delivery, 0.1% since 1 Jul 2012 (Finance Act ` +
          '2012, clause 153 of the Bill: "0.125 per cent" → "0.1 per cent" from 1 July 2012, ' +
          'https://www.taxmanagementindia.com/visitor/detail_act.asp?ID=16071). Left unchanged by the Finance Acts ' +
          '2023, (No. 2) 2024 and 2026, which changed F&O only.',
        'primary',
      ),
    ],
    sell: [
      row(
        START,
        percent(0.1),
        `${STT_ACT} sl. 2: sale of an equity share settled by delivery, 0.1% since 1 Jul 2012 (Finance Act 2012, ` +
          'clause 153 of the Bill, as above).',
        'primary',
      ),
    ],
    exercise: none(`${STT_ACT} sl. 4(b) taxes exercised options only.`),
    exerciseOn: 'intrinsic',
    fundBuy: none(
      `${STT_ACT} sl. 1 as amended by the Finance Act 2013 (clause 125 of the Bill, summary at ` +
        'https://www.taxtmi.com/acts?id=17285): no STT on the purchase of a unit of an equity-oriented fund settled by ' +
        'delivery since 1 Jun 2013 (NSE circular of 24 May 2013 as reported at https://www.business-standard.com/' +
        'amp/article/markets/nse-reduces-stt-rate-in-capital-mkts-segment-113052400600_1.html). No STT on units of ' +
        'other funds (liquid, debt, gold ETFs): they are not taxable securities transactions under s. 98.',
    ),
    fundSell: [
      row(
        START,
        percent(0.001),
        `${STT_ACT} sl. 2A, inserted by the Finance Act 2013: sale of a unit of an equity-oriented fund settled by ` +
          'delivery, 0.001% on the seller since 1 Jun 2013 (summary at https://www.taxtmi.com/acts?id=17285; NSE ' +
          'circular as reported by Business Standard, 24 May 2013).',
        'secondary',
      ),
    ],
  },
  'equity-intraday': {
    buy: none(`${STT_ACT}: no STT on a purchase settled otherwise than by delivery.`),
    sell: [
      row(
        START,
        percent(0.025),
        `${STT_ACT} sl. 3: sale of an equity share settled otherwise than by delivery, 0.025% on the seller; ` +
          '"No Change" in NSE circular NSE/FATAX/73524 (31 Mar 2026) as quoted in public repositories; Zerodha ' +
          'charges page copies 2020–2026. The Act text for this entry was not read here.',
        'secondary',
      ),
    ],
    exercise: none(`${STT_ACT} sl. 4(b) taxes exercised options only.`),
    exerciseOn: 'intrinsic',
  },
  futures: {
    buy: none(`${STT_ACT} sl. 4(c): payable by the seller only.`),
    sell: [
      row(
        START,
        percent(0.01),
        `${STT_ACT} sl. 4(c): 0.017% → 0.01% from 1 Jun 2013 (Finance Act 2013, clause 125 of the Bill, summary at ` +
          'https://www.taxtmi.com/acts?id=17285; NSE circular NSE/FATAX/23500 of 24 May 2013 as quoted in public ' +
          'repositories); Zerodha charges page copies 2019–2020 show 0.01% on the sell side.',
        'secondary',
      ),
      row('2023-04-01', percent(0.0125), `${STT_ACT} sl. 4(c), 0.01% → 0.0125%: ${FINANCE_ACT_2023}`, 'secondary'),
      row('2024-10-01', percent(0.02), `${STT_ACT} sl. 4(c), 0.0125% → 0.02%: ${FINANCE_ACT_2024}`, 'secondary'),
      row('2026-04-01', percent(0.05), `${STT_ACT} sl. 4(c), 0.02% → 0.05%: ${FINANCE_ACT_2026}`, 'secondary'),
    ],
    exercise: none(`${STT_ACT} sl. 4(b) taxes exercised options only.`),
    exerciseOn: 'intrinsic',
  },
  options: {
    buy: none(`${STT_ACT} sl. 4(a): payable by the seller only.`),
    sell: [
      row(
        START,
        percent(0.05),
        `${STT_ACT} sl. 4(a), on the option premium: 0.017% → 0.05% from 1 Jun 2016 (Finance Act 2016 s. 233, ` +
          'https://taxmanagementindia.com/visitor/detail_act.asp?ID=21356).',
        'primary',
      ),
      row('2023-04-01', percent(0.0625), `${STT_ACT} sl. 4(a), 0.05% → 0.0625%: ${FINANCE_ACT_2023}`, 'secondary'),
      row('2024-10-01', percent(0.1), `${STT_ACT} sl. 4(a), 0.0625% → 0.1%: ${FINANCE_ACT_2024}`, 'secondary'),
      row('2026-04-01', percent(0.15), `${STT_ACT} sl. 4(a), 0.1% → 0.15%: ${FINANCE_ACT_2026}`, 'secondary'),
    ],
    exercise: [
      row(
        START,
        percent(0.125),
        `${STT_ACT} sl. 4(b), option exercised, payable by the purchaser: 0.125% since 1 Jun 2008 (Finance Act ` +
          '2008 s. 124, http://www.taxmann.net/Datafolder/flash/finact124.htm), charged on the intrinsic value ' +
          '(s. 99, as the 2026 amendment summary describes it).',
        'primary',
      ),
      row('2026-04-01', percent(0.15), `${STT_ACT} sl. 4(b), 0.125% → 0.15%: ${FINANCE_ACT_2026}`, 'secondary'),
    ],
    exerciseOn: 'intrinsic',
  },
};

const CTT_ACT =
  'Finance Act 2013, Chapter VII, s. 117 Table as substituted by the Finance Act 2018 "on and from the 1st day of ' +
  'April, 2018" (text with later notes: https://taxmanagementindia.com/visitor/detail_act.asp?ID=17910; Finance ' +
  'Bill 2018 clause 215: https://taxmanagementindia.com/visitor/detail_act.asp?ID=31991). The Finance Act 2020 added ' +
  'rows for options in goods only; no CTT change was found in the Finance Act 2026 reports. Agricultural ' +
  'commodities are exempt (not modelled: the journal charges non-agricultural contracts).';

/** CTT on MCX commodity derivatives (non-agricultural). */
export const CTT: Readonly<Record<CommoditySegment, TransactionTax>> = {
  futures: {
    buy: none(`${CTT_ACT} Payable by the seller only.`),
    sell: [row(START, percent(0.01), `${CTT_ACT} Sl. 1, sale of a commodity derivative: 0.01%, seller.`, 'primary')],
    exercise: none(`${CTT_ACT} Futures are not exercised.`),
    exerciseOn: 'settlement',
  },
  options: {
    buy: none(`${CTT_ACT} Payable by the seller only.`),
    sell: [
      row(
        START,
        percent(0.05),
        `${CTT_ACT} Sale of an option on a commodity derivative: 0.05% of the premium, seller.`,
        'primary',
      ),
    ],
    exercise: [
      row(
        START,
        percent(0.0001),
        `${CTT_ACT} Sale of an option on a commodity derivative where the option is exercised: 0.0001%, ` +
          'purchaser, on the settlement price (s. 118(b)(ii)).',
        'primary',
      ),
    ],
    exerciseOn: 'settlement',
  },
};
