// Charges on the whole contract note rather than on one segment: SEBI's turnover fee and GST.
import type { Schedule } from './types';

const START = '2018-04-01';

/**
 * SEBI turnover fee, rupees per crore, on every segment of NSE, BSE and MCX (for commodities: non-agricultural
 * contracts; agricultural ones paid ₹1 per crore from 1 Apr 2019, not modelled).
 */
export const SEBI_FEE: Schedule = [
  {
    from: START,
    value: 15,
    source:
      'SEBI (Stock Brokers) Regulations 1992, Schedule V, as amended in 2017: ₹15 per crore until 31 Mar 2019. ' +
      'From the SEBI board decision of 1 Mar 2019 as reported ("reduction in fees payable by brokers by 33.33 ' +
      'per cent from Rs 15 per crore of transactions to Rs 10", Zee Business, https://zeebiz.com/india/news-sebi-' +
      'board-approves-lowering-of-fees-for-brokers-exchanges-88435); the 2017 amendment itself was not read here.',
    evidence: 'secondary',
  },
  {
    from: '2019-04-01',
    value: 10,
    source:
      'SEBI (Payment of Fees) (Amendment) Regulations 2019, notification SEBI/LAD-NRO/GN/2019/03 of 22 Mar 2019, in ' +
      'force 1 Apr 2019: "0.00010 per cent of his turnover (₹10 per crore)" for cash, equity derivatives and ' +
      'non-agricultural commodity derivatives (text reproduced in CSE notice of 3 Apr 2019, ' +
      'https://www.cse-india.com/upload/cse_notice/REVISED_SEBI_TURNOVER_FEES.htm, and https://taxguru.in/sebi/' +
      'sebi-payment-of-fees-amendment-regulations-2019.html).',
    evidence: 'primary',
  },
  {
    from: '2020-06-01',
    value: 5,
    source:
      'SEBI (Payment of Fees) (Amendment) Regulations 2020, notification SEBI/LAD-NRO/GN/2020/011 of 8 May 2020: ' +
      'stock brokers in the cash, equity derivatives, currency, interest rate and commodity (other than agri) ' +
      'segments "for the period June 01, 2020 to March 31, 2021, pay only 50% (fifty percent) of fees" (text ' +
      'quoted at https://www.taxscan.in/sebi-notifies-securities-and-exchange-board-of-india-payment-of-fees-' +
      'amendment-regulations-2020/57236/); Zerodha charges page of Jun 2020 shows ₹5 per crore.',
    evidence: 'primary',
  },
  {
    from: '2021-04-01',
    value: 10,
    source:
      'The 2020 relief ended on 31 Mar 2021 (same notification), restoring ₹10 per crore under the 2019 ' +
      "regulations; ₹10 per crore on brokers' charge pages since.",
    evidence: 'primary',
  },
];

/** GST, as a whole percentage of brokerage + exchange transaction charges + SEBI fee (not on STT or stamp duty). */
export const GST_PERCENT: Schedule = [
  {
    from: START,
    value: 18,
    source:
      "GST on brokers' services since 1 Jul 2017: 9% CGST + 9% SGST/UTGST, or 18% IGST, under CGST notification " +
      '11/2017-Central Tax (Rate) of 28 Jun 2017 (the services rate schedule; the entry for these services was ' +
      "not read here); 18% on every broker's charge page since.",
    evidence: 'secondary',
  },
];
