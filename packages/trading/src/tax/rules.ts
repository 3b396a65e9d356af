// The Indian tax rules the tax P&L reads, as dated data with their public sources (information, not advice): the
// capital-gains rates and exemption by date, the Act in force for each year and its section for each rule, turnover
// for tax audit, set-off of losses and the audit thresholds. Dates are IST days, years are financial years '2024-25'.
// Every row says where it comes from and whether the statutory text itself was read ('primary', including a verbatim
// reproduction of it) or a reliable report of it ('secondary'). What could not be found is said in the row.
import { isIsoDate } from '../time/ist';
import type { TaxHead } from './types';

export type Evidence = 'primary' | 'secondary';

export interface Sourced {
  /** Where the figure or rule comes from, with an address where one was found. */
  source: string;
  evidence: Evidence;
}

/** Rates on listed equity with STT paid, by transfer date (the sale's IST date), oldest first. From 1 Apr 2018. */
export interface CapitalGainsRates extends Sourced {
  /** First transfer date (YYYY-MM-DD) the rates apply to; they apply until the next row's `from`. */
  from: string;
  /** Percent on short-term gains (1961 Act s. 111A; 2025 Act s. 196). */
  shortTermRate: number;
  /** Percent on long-term gains above the year's exemption (1961 Act s. 112A; 2025 Act s. 198). */
  longTermRate: number;
}

/**
 * The Act in force for a financial year, its name for the year, and its section for each rule. `evidence` is
 * 'primary' when every section not listed in `unverified` was read in the Act's text.
 */
export interface TaxAct extends Sourced {
  /** '2018-19' for the 1961 Act as far back as we go, '2026-27' for the 2025 Act. */
  fromFy: string;
  /** 'Income-tax Act, 1961' / 'Income-tax Act, 2025'. */
  name: string;
  /** What the Act calls the year: a previous year assessed in the next (assessment) year, or one 'tax year'. */
  yearTerm: 'previous year' | 'tax year';
  /** Short citations, fit for a label ('s. 111A'). */
  sections: {
    /** Intraday equity: a speculative transaction. */
    speculative: string;
    /** Exchange-traded derivatives (and commodity derivatives): not speculative. */
    nonSpeculative: string;
    /** Tax on short-term gains of listed equity with STT paid. */
    shortTerm: string;
    /** Tax on long-term gains of listed equity with STT paid, and its exemption. */
    longTerm: string;
    /** Cost of shares acquired before 1 Feb 2018. */
    grandfathering: string;
    /** Mode of computation: sale value less transfer expenses and cost of acquisition. */
    costDeductions: string;
    /** STT not deductible in computing capital gains. */
    sttNotDeductible: string;
    /** STT (and CTT) deductible from business income. */
    sttBusinessExpense: string;
    /** Short-term capital asset: held 12 months or less for listed equity. */
    holdingPeriod: string;
    /** Audit of accounts (tax audit). */
    taxAudit: string;
    /** Set-off and carry forward of losses, and the return that must be filed in time to carry them forward. */
    setOff: string;
    /** Units of a specified (debt) mutual fund acquired from 1 Apr 2023: short term whatever the holding. */
    specifiedFund: string;
  };
  /** Keys of `sections` whose number was taken from a secondary report, not read in the Act's text. */
  unverified: readonly (keyof TaxAct['sections'])[];
}

/** Turnover limit for a tax audit of a business, by financial year: above `limit`, or above `lowCashLimit` when cash
 * receipts and cash payments are each at most 5% of the total. */
export interface AuditTurnoverLimit extends Sourced {
  fromFy: string;
  limit: number;
  lowCashLimit: number | null;
}

// Sources read for more than one row.
const FA2_2024_S29 =
  'Finance (No. 2) Act 2024, s. 29, amending s. 111A(1) with effect from 23 Jul 2024: short-term gains "(a) at the ' +
  'rate of fifteen per cent for any transfer which takes place before the 23rd day of July, 2024; and (b) at the rate ' +
  'of twenty per cent for any transfer which takes place on or after the 23rd day of July, 2024" (text at ' +
  'https://cabkgoyal.com/section-29-finance-acts and https://www.taxtmi.com/tmi_blog_details?id=761222)';
const FA2_2024_S31 =
  'Finance (No. 2) Act 2024, s. 31, substituting s. 112A(2)(i) with effect from 23 Jul 2024: long-term gains ' +
  '"exceeding one lakh twenty-five thousand rupees" at "ten per cent. for any transfer which takes place before the ' +
  '23rd day of July, 2024" and "twelve and one-half per cent. for any transfer which takes place on or after" it, ' +
  '"Provided that the limit of one lakh twenty-five thousand rupees shall apply on aggregate of the long-term capital ' +
  'gains under sub-clauses (a) and (b)" (text at https://cabkgoyal.com/section-31-finance-acts; clause 31 of the ' +
  'Bill at https://taxmanagementindia.com/visitor/detail_act.asp?ID=43574)';
const ITA_2025_S196 =
  'Income-tax Act, 2025 (in force 1 Apr 2026, s. 1(3)), s. 196(1)(i): short-term gains on equity with STT "at the ' +
  'rate of 20%" (text at https://www.itact2025.org/special-provisions/s196-stcg-special, "Old Act equivalent: Section ' +
  '111A", and https://eztax.in/income-tax-act-2025/section-196)';
const ITA_2025_S198 =
  'Income-tax Act, 2025, s. 198(2)(a): long-term gains "exceeding one lakh twenty five thousand rupees ... at the ' +
  'rate of 12.5%" (text at https://www.caclubindia.com/acts/33601-tax-on-long-term-capital-gains-in-certain-cases-' +
  'income-tax-act-2025.asp and https://aubsp.com/income-tax-act-2025-section-198)';
const BUDGET_2026_UNCHANGED =
  'Budget 2026 (1 Feb 2026) left the capital-gains rates and the ₹1.25 lakh exemption unchanged (Moneycontrol via ' +
  'News18, https://one.news18.com/english/article/news/business/personal-finance/budget-2026-capital-gains-tax-' +
  'structure-remains-unchanged-offers-investor-continuity-mce-1313796270)';

export const CAPITAL_GAINS_RATES: readonly CapitalGainsRates[] = [
  {
    from: '2018-04-01',
    shortTermRate: 15,
    longTermRate: 10,
    source:
      's. 111A at 15% since the Finance Act 2008 (AY 2009-10), restated for transfers before 23 Jul 2024 in ' +
      `${FA2_2024_S29}; s. 112A inserted by the Finance Act 2018 for transfers from 1 Apr 2018 (replacing the s. 10(38) ` +
      'exemption) at "the rate of ten per cent." (extract of the inserted section at ' +
      'https://www.taxtmi.com/tmi_blog_details?id=513449), restated for transfers before 23 Jul 2024 in the Finance ' +
      '(No. 2) Act 2024, s. 31.',
    evidence: 'primary',
  },
  {
    from: '2024-07-23',
    shortTermRate: 20,
    longTermRate: 12.5,
    source: `${FA2_2024_S29}; ${FA2_2024_S31}.`,
    evidence: 'primary',
  },
  {
    from: '2026-04-01',
    shortTermRate: 20,
    longTermRate: 12.5,
    source: `Unchanged under the new Act: ${ITA_2025_S196}; ${ITA_2025_S198}. ${BUDGET_2026_UNCHANGED}.`,
    evidence: 'primary',
  },
];

export const LONG_TERM_EXEMPTIONS: readonly ({ fromFy: string; amount: number } & Sourced)[] = [
  {
    fromFy: '2018-19',
    amount: 100_000,
    source:
      'Finance Act 2018, s. 112A(2)(i) as inserted: tax on long-term gains exceeding ₹1,00,000 in the year (TaxGuru, ' +
      'https://taxguru.in/income-tax/tax-ability-long-term-capital-gain-listed-equity-shares-units-mutual-fund-' +
      'proposed-provision-union-budget-2018.html; the extract of the inserted section read did not show the figure).',
    evidence: 'secondary',
  },
  {
    fromFy: '2024-25',
    amount: 125_000,
    source:
      `${FA2_2024_S31}. The whole year 2024-25 gets ₹1,25,000 once, against the long-term gains of both periods ` +
      'together; the Act does not say which period it is taken from first.',
    evidence: 'primary',
  },
  {
    fromFy: '2026-27',
    amount: 125_000,
    source: `${ITA_2025_S198}. ${BUDGET_2026_UNCHANGED}.`,
    evidence: 'primary',
  },
];

/** Listed equity is long term when held more than this many months. */
export const LONG_TERM_AFTER_MONTHS = 12;

export const LONG_TERM_HOLDING: Sourced & { months: number; text: string } = {
  months: LONG_TERM_AFTER_MONTHS,
  text:
    'Listed equity shares (and units of equity-oriented funds) are short-term capital assets when held for not more ' +
    'than twelve months immediately before the transfer, so they are long term when held more than 12 months. ' +
    'Months are calendar months, so a share bought on 15 Jan 2024 is long term when sold on or after 16 Jan 2025 ' +
    '(bought on 29 Feb 2024: from 1 Mar 2025). Brokers that count days (365 or more) can differ on the ' +
    "anniversary itself. The holding runs from the purchase's contract-note date to the sale's, and demat shares " +
    'leave first in, first out, account by account.',
  source:
    '1961 Act s. 2(42A) proviso (twelve months for a security listed on a recognised stock exchange; text at ' +
    'https://www.scribd.com/document/45835180/New-Microsoft-Office-Word-Document-3), kept by the Finance (No. 2) Act ' +
    '2024; 2025 Act s. 2(101), which keeps 12 months for listed securities (TaxTMI comparison of the Act as passed, ' +
    'https://www.taxtmi.com/tmi_blog_details?id=844280). "Month": General Clauses Act 1897 s. 3(35), a month of the ' +
    'British calendar, ending on the corresponding date (https://lawwatch.in/calculating-the-term-month-in-indian-' +
    'laws/). Contract-note dates: CBDT Circular No. 704 of 28 Apr 1995 as quoted by Zerodha ' +
    '(https://tradingqna.com/t/period-of-holding-in-case-of-listed-equity-shares/184760). FIFO: 1961 Act s. 45(2A) ' +
    '(text at https://compliancesguru.blogspot.com/2020/07/capital-gain-on-transfer-of-securities.html), applied per ' +
    'demat account by the CBDT circular of 24 Jun 1998 (https://www.taxtmi.com/circulars?id=5150; its number was not ' +
    'read); 2025 Act s. 67(7) per TaxTMI (https://www.taxtmi.com/manuals?id=4516).',
  evidence: 'secondary',
};

/**
 * Units of a specified mutual fund acquired on or after 1 Apr 2023: the gain is short term whatever the holding,
 * taxed at the slab rate, with no indexation and no STT deducted. Until FY 2024-25 a specified fund was one with not
 * more than 35 % in domestic equity (debt, gold, silver and foreign-share funds alike); for transfers from 1 Apr 2025
 * (AY 2026-27) it is one with more than 65 % in debt and money market instruments, so only debt funds.
 */
export const SPECIFIED_FUND: Sourced & { acquiredFrom: '2023-04-01'; debtOnlyFrom: '2025-04-01'; text: string } = {
  acquiredFrom: '2023-04-01',
  debtOnlyFrom: '2025-04-01',
  text:
    'Units of a specified mutual fund bought on or after 1 April 2023 give a short-term gain however long they were ' +
    'held, taxed at your slab rate. For sales up to 31 March 2025 that is any fund with at most 35% in Indian ' +
    'equity (debt, gold, silver and foreign-share funds); from 1 April 2025, a fund with more than 65% in debt and ' +
    'money market instruments. Other units of these funds are short or long term by their holding period and taxed ' +
    'by other rules (s. 112 for long term), which this page does not work out.',
  source:
    '1961 Act s. 50AA, inserted by the Finance Act 2023 (units "acquired on or after the 1st day of April, 2023"); ' +
    'Explanation (ii) substituted by the Finance (No. 2) Act 2024, s. 21, with effect from 1 Apr 2026, i.e. from AY ' +
    '2026-27 (text at https://taxmanagementindia.com/visitor/detail_act.asp?ID=41579 and ' +
    'https://cabkgoyal.com/section-21-finance-acts; the earlier 35% definition at https://cabkgoyal.com/?p=14839).',
  evidence: 'primary',
};

/** Shares acquired before 1 Feb 2018: cost = max(actual cost, min(FMV on 31 Jan 2018, sale value)). */
export const GRANDFATHERING: Sourced & { acquiredBefore: '2018-02-01'; fmvOn: '2018-01-31'; text: string } = {
  acquiredBefore: '2018-02-01',
  fmvOn: '2018-01-31',
  text:
    'For a long-term equity share (or equity-fund or business-trust unit) acquired before 1 Feb 2018, the cost of ' +
    'acquisition is the higher of its actual cost and the lower of its fair market value on 31 Jan 2018 and the sale ' +
    'value. For a share listed on 31 Jan 2018 the fair market value is its highest price quoted on a recognised ' +
    'stock exchange that day, or on the last earlier day it traded. Gains made before 1 Feb 2018 are thus not taxed, ' +
    'and a loss is never created by it.',
  source:
    '1961 Act s. 55(2)(ac), inserted by the Finance Act 2018 with s. 112A (summary of the amendment at ' +
    'https://www.taxtmi.com/acts?id=32109; the FMV Explanation quoted at ' +
    'https://taxmanagementindia.com/web/tmi_blog_details.asp?id=765407). 2025 Act s. 90(7) and (8), which carry the ' +
    'rule over for assets "referred to in section 198, acquired before the 1st February, 2018" (structure of s. 90 ' +
    'at https://bharattax.co/income-tax/act-2025/section/90; TaxTMI comparison of s. 90 as passed, ' +
    'https://www.taxtmi.com/tmi_blog_details?id=847194). The sub-section text of s. 90(7) was not read here.',
  evidence: 'secondary',
};

export const TAX_ACTS: readonly TaxAct[] = [
  {
    fromFy: '2018-19',
    name: 'Income-tax Act, 1961',
    yearTerm: 'previous year',
    sections: {
      speculative: 's. 43(5)',
      nonSpeculative: 's. 43(5)(d), (e)',
      shortTerm: 's. 111A',
      longTerm: 's. 112A',
      grandfathering: 's. 55(2)(ac)',
      costDeductions: 's. 48',
      sttNotDeductible: 's. 48 proviso',
      sttBusinessExpense: 's. 36(1)(xv)',
      holdingPeriod: 's. 2(42A)',
      taxAudit: 's. 44AB',
      setOff: 'ss. 70–74, 80',
      specifiedFund: 's. 50AA',
    },
    unverified: ['grandfathering', 'sttNotDeductible', 'sttBusinessExpense'],
    source:
      'The 1961 Act as amended: s. 43(5) and its provisos (d) derivatives on a recognised stock exchange, (e) ' +
      'commodity derivatives chargeable to CTT (text at https://taxmanagementindia.com/visitor/detail_manual.asp?' +
      'ID=4977); ss. 111A and 112A as amended by the Finance (No. 2) Act 2024, ss. 29 and 31; s. 48 "Provided also ' +
      'that no deduction shall be allowed ... in respect of any sum paid on account of securities transaction tax" ' +
      '(quoted at https://www.caclubindia.com/experts/capital-gain-of-shares-737510.asp; cited as the fifth proviso); ' +
      's. 36(1)(xv) STT paid on transactions whose income is business income (inserted by the Finance Act 2008, ' +
      'https://www.taxtmi.com/acts?id=8444); s. 73 (https://aaptaxlaw.com/income-tax-act/section-73-income-tax-act-' +
      'losses-in-speculation-business-sec-73-of-income-tax-act-1961.html), s. 74 (http://law.incometaxindia.gov.in/' +
      'Directtaxlaws/act2005/section74.htm); s. 50AA as amended by the Finance (No. 2) Act 2024, s. 21 (text at ' +
      'https://taxmanagementindia.com/visitor/detail_act.asp?ID=41579); s. 2(42A) proviso; s. 44AB(a); s. 80 with s. 139(3). It governs income ' +
      'of the previous years up to FY 2025-26 (AY 2026-27); the 2025 Act applies from 1 Apr 2026.',
    evidence: 'primary',
  },
  {
    fromFy: '2026-27',
    name: 'Income-tax Act, 2025',
    yearTerm: 'tax year',
    sections: {
      speculative: 's. 66',
      nonSpeculative: 's. 66(33)',
      shortTerm: 's. 196',
      longTerm: 's. 198',
      grandfathering: 's. 90(7), (8)',
      costDeductions: 's. 72(1)',
      sttNotDeductible: 's. 72(3)(b)',
      sttBusinessExpense: 's. 32(k)',
      holdingPeriod: 's. 2(101)',
      taxAudit: 's. 63',
      setOff: 'ss. 108–113, 121',
      specifiedFund: 's. 76',
    },
    unverified: [
      'speculative',
      'nonSpeculative',
      'grandfathering',
      'sttBusinessExpense',
      'holdingPeriod',
      'specifiedFund',
    ],
    source:
      'Income-tax Act, 2025 (assent 21 Aug 2025; s. 1(3): in force 1 Apr 2026; s. 3(1): "tax year" means the twelve ' +
      'months of the financial year from 1 April, text at https://aubsp.com/income-tax-act-2025-section-3; the Act ' +
      'names years that way, e.g. "the tax year 2017-18" in s. 90, so the first year under it is tax year 2026-27, ' +
      'https://camittal.com/?p=17949). Text read ' +
      'in reproductions: s. 196 and s. 198 (as above); s. 72(1) and 72(3)(b) "any sum paid as securities transaction ' +
      'tax" not deductible (https://vidurawiseprofessionals.com/detail/55566.aspx); s. 63 audit Table ' +
      '(https://jsa.net.in/detail/55556.aspx); s. 108, 109 (https://easevalue.com/income-tax-act-2025/section-108-set-' +
      'off-losses-same, https://aubsp.com/income-tax-act-2025-section-109), 111, 112, 113, 121 (aubsp.com and ' +
      'ai.jamku.app copies). From reports, not the text: s. 66 holds the business definitions that replace s. 43, with ' +
      '"specified derivative transaction" at s. 66(33) (Finance Bill 2026 memorandum, clause 33, quoted at ' +
      'https://www.taxtmi.com/tmi_notes?id=2416) — the clause defining "speculative transaction" was not found; ' +
      's. 90(7)–(8) grandfathering (https://bharattax.co/income-tax/act-2025/section/90); s. 32(k) STT deduction ' +
      '(TaxTMI manual "(New) Section 32(k) / (Old) Section 36(1)(xv)", https://www.taxtmi.com/manuals?id=1123); ' +
      's. 2(101) (https://www.taxtmi.com/tmi_blog_details?id=844280). Section mapping cross-checked with ' +
      'https://www.aubsp.com/section-wise-comparison-between-income-tax-act-2025-and-income-tax-act-1961/12 (111A → ' +
      "196, 112A → 198) and /6 (70 → 108, 71 → 109, 72 → 112). s. 76 for the 1961 Act's s. 50AA is inferred from " +
      "the order of the 2025 Act's capital-gains sections (48 → 72, and 50AA four sections on), not read.",
    evidence: 'primary',
  },
];

/** Turnover for tax audit of derivatives and speculative trades, per the current ICAI Guidance Note. */
export const TURNOVER_RULE: Sourced & {
  edition: string;
  /** The rule in a trader's words, for the page. */
  text: string;
  /** What is uncertain about it, for whoever maintains this table (not shown to traders). */
  notes: string;
  /**
   * Whether the premium received on selling an option is added to turnover on top of that trade's absolute result.
   * False since the eighth edition (2022): the premium is counted once, inside the trade's result.
   */
  optionPremiumIncluded: boolean;
} = {
  edition:
    'Guidance Note on Tax Audit under Section 44AB of the Income-tax Act, 1961 (Revised 2025), tenth edition, ICAI ' +
    'Direct Taxes Committee, July 2025',
  text:
    'For speculative transactions (intraday equity) and for derivatives (futures and options), turnover is the total ' +
    'of favourable and unfavourable differences: the absolute result of each squared-off trade, added up. Premium ' +
    "received on selling options is part of turnover, but it is not added again where it is already in the trade's " +
    'result; the difference on any reverse trade counts too; a derivative settled by delivery counts the difference ' +
    'between the contract and settlement prices. Before the eighth edition (2022) the premium was added on top.',
  notes:
    'The final 2025 text reportedly reads "then such net profit should not be separately included" where earlier editions ' +
    'said "the same", which some read as counting a sold option\'s premium instead of its profit; the 2025 text was ' +
    'not read here. No guidance note under s. 63 of the 2025 Act was found; draft Form 26 (draft Income-tax Rules, ' +
    '2026) replaces Forms 3CA/3CB/3CD.',
  optionPremiumIncluded: false,
  source:
    'Revised 2025 tenth edition: Taxscan (https://www.taxscan.in/top-stories/icai-releases-guidance-note-on-tax-' +
    'audits-2025-edition-1429334) and Taxmann (https://www.taxmann.com/post/blog/icai-issues-guidance-note-on-tax-' +
    'audit-under-section-44ab), its exposure draft of July 2025 (https://www.taxmann.com/post/blog/icai-releases-draft-' +
    'of-revised-tax-audit-guidance-note); derivatives turnover as para 5.11(b) of it (https://fnotax.pages.dev/' +
    'articles/the-ultimate-guide-to-fo-turnover-calculation-tax-audit-ay-2026-27/). Eighth edition (19 Aug 2022) ' +
    'wording: https://whytax.in/income-tax/calculation-of-turnover-for-options-amended-as-icai-guidance-note and ' +
    'ClearTax (https://news.cleartax.in/turnover-calculation-for-option-traders-to-determine-tax-audit-u-s-44ab/8417/' +
    'amp); Revised 2023 para 5.10(b) (delivery settlement, reverse trades): Taxmann analysis ' +
    '(https://issuu.com./taxmann9/docs/how_to_calculate_the_turnover_in_the_case_of_deriv); the 2025 wording change: ' +
    'ICAI forum post of 26 Jun 2025 (https://pdicai.org/forumPostAnswer.aspx?queId=44883). Draft Form 26: ' +
    'https://taxguru.in/income-tax/draft-form-26-income-tax-rules-2026-complete-analysis-3cd-comparison-audit-' +
    'checklist-impact-businesses.html.',
  evidence: 'secondary',
};

const RETURN_IN_TIME =
  'A loss is carried forward only if it was determined in a return filed by the due date (1961 Act s. 80 with ' +
  's. 139(3); 2025 Act s. 121 with s. 263(1)).';

/** How each head's losses set off and carry forward, in plain words, with sections. */
export const SET_OFF_RULES: readonly (Sourced & { head: TaxHead; text: string; carryForwardYears: number })[] = [
  {
    head: 'speculative',
    text:
      'A speculative loss (intraday equity) is set off only against speculative profit, in the year and in the 4 ' +
      'years after it; it never reduces other income. A speculative profit can absorb the year’s other business ' +
      `losses. ${RETURN_IN_TIME} 1961 Act ss. 70, 73; 2025 Act ss. 108, 113.`,
    carryForwardYears: 4,
    source:
      '1961 Act s. 73(1), (2), (4) (text at https://aaptaxlaw.com/income-tax-act/section-73-income-tax-act-losses-in-' +
      'speculation-business-sec-73-of-income-tax-act-1961.html); 2025 Act s. 113(1)–(3) "not ... more than four tax ' +
      'years" (https://aubsp.com/income-tax-act-2025-section-113; enacted wording at https://eztax.in/income-tax-act-' +
      '2025/section-113); s. 121 (https://ai.jamku.app/incometax2025/act/121.html).',
    evidence: 'primary',
  },
  {
    head: 'nonSpeculative',
    text:
      'A non-speculative business loss (F&O, commodity derivatives) is set off in the year against other business ' +
      'income, speculative profit included, then against any other head except salary, capital gains included. What ' +
      `is left is carried forward 8 years, against business income only. ${RETURN_IN_TIME} 1961 Act ss. 70, 71(2A), ` +
      '72; 2025 Act ss. 108(1), 109(1)(a), 112.',
    carryForwardYears: 8,
    source:
      '2025 Act s. 109(1)(a): a business loss "shall not be set off against income chargeable under the head ' +
      "'Salaries'\" (https://aubsp.com/income-tax-act-2025-section-109); s. 112(1)–(2), eight tax years " +
      '(https://aacindia.in/detail/55607.aspx); 1961 Act s. 71 and s. 72 (https://bharattax.co/income-tax/act-1961/' +
      'section/71).',
    evidence: 'primary',
  },
  {
    head: 'shortTerm',
    text:
      'A short-term capital loss is set off against short- or long-term capital gains, in the year and in the 8 years ' +
      `after it, never against another head. ${RETURN_IN_TIME} 1961 Act ss. 70(2), 71(3), 74; 2025 Act ss. 108(2)(a), ` +
      '109(2), 111.',
    carryForwardYears: 8,
    source:
      '1961 Act s. 74(1)(a), (2) (http://law.incometaxindia.gov.in/Directtaxlaws/act2005/section74.htm); 2025 Act ' +
      's. 108(2) (https://easevalue.com/income-tax-act-2025/section-108-set-off-losses-same), s. 109(2) ' +
      '(https://aubsp.com/income-tax-act-2025-section-109), s. 111 (https://www.caankurmjain.in/detail/55606.aspx).',
    evidence: 'primary',
  },
  {
    head: 'longTerm',
    text:
      'A long-term capital loss is set off only against long-term capital gains, in the year and in the 8 years after ' +
      `it. ${RETURN_IN_TIME} 1961 Act ss. 70(3), 71(3), 74; 2025 Act ss. 108(2)(b), 109(2), 111.`,
    carryForwardYears: 8,
    source:
      '1961 Act s. 74(1)(b), (2) (http://law.incometaxindia.gov.in/Directtaxlaws/act2005/section74.htm); 2025 Act ' +
      's. 108(2)(b), s. 111 "only against ... any other long-term capital asset", "not ... more than eight tax years" ' +
      '(https://www.caankurmjain.in/detail/55606.aspx).',
    evidence: 'primary',
  },
];

/** The business turnover above which a tax audit is required, by financial year, oldest first. */
export const AUDIT_TURNOVER_LIMITS: readonly AuditTurnoverLimit[] = [
  {
    fromFy: '2018-19',
    limit: 10_000_000,
    lowCashLimit: null,
    source:
      '1961 Act s. 44AB(a): "exceed or exceeds one crore rupees in any previous year" (quoted in the Finance Bill ' +
      '2021 notes on clauses, https://taxmanagementindia.com/visitor/detail_act.asp?ID=39334).',
    evidence: 'primary',
  },
  {
    fromFy: '2019-20',
    limit: 10_000_000,
    lowCashLimit: 50_000_000,
    source:
      'Finance Act 2020 proviso to s. 44AB(a): five crore rupees when cash receipts and cash payments are each at most ' +
      '5%, from AY 2020-21 (TaxTMI, https://www.taxtmi.com/tmi_blog_details?id=397374; the Finance Bill 2021 notes ' +
      'on clauses confirm the ₹5 crore proviso). One report dates it from AY 2021-22 (https://taxwayglobal.com/' +
      'amendment-in-audit-threshold-limit-u-s-44ab-of-income-tax-act/).',
    evidence: 'secondary',
  },
  {
    fromFy: '2020-21',
    limit: 10_000_000,
    lowCashLimit: 100_000_000,
    source:
      'Finance Act 2021, s. 13: in s. 44AB(a) proviso "for the words five crore rupees, the words ten crore rupees ' +
      'shall be substituted" from AY 2021-22 (https://taxmanagementindia.com/visitor/detail_act.asp?ID=39568).',
    evidence: 'primary',
  },
  {
    fromFy: '2026-27',
    limit: 10_000_000,
    lowCashLimit: 100_000_000,
    source:
      'Income-tax Act, 2025, s. 63(1) Table sl. 1(a) "one crore rupees", 1(b) "ten crore rupees" when cash receipts ' +
      'and payments each do not exceed 5% (https://jsa.net.in/detail/55556.aspx).',
    evidence: 'primary',
  },
];

/** The audit thresholds as text (no verdict): turnover ₹1 crore, ₹10 crore when cash is at most 5%, presumptive-tax history. */
export const AUDIT_THRESHOLDS: Sourced & { text: string; notes: string } = {
  text:
    'A tax audit is required when business turnover in the year exceeds ₹1 crore, or ₹10 crore when cash receipts and ' +
    'cash payments are each at most 5% of the total (₹5 crore for FY 2019-20; ₹1 crore whatever the cash for ' +
    'FY 2018-19). Whatever the turnover, it is also required of a trader who declared presumptive income (s. 44AD) ' +
    'in one of the five earlier years, now declares profits below it and has income above the basic exemption limit ' +
    '(s. 44AB(e) with s. 44AD(4)–(5)); under the 2025 Act, of a person in a presumptive scheme of s. 58(2) or 61(2) ' +
    'claiming lower profits (s. 63(1) Table sl. 2). Whether an audit is due depends on facts this journal does not ' +
    'hold, such as your other business income and earlier returns.',
  notes: 'Show the figures and this rule, never a verdict.',
  source:
    'Turnover limits: AUDIT_TURNOVER_LIMITS. Presumptive history: 1961 Act s. 44AB(e) with s. 44AD(4), (5) (TaxTMI ' +
    'summary of s. 44AD, https://www.taxtmi.com/acts?id=20412; https://taxguru.in/income-tax/applicability-tax-' +
    'audit-section-44ab.html); 2025 Act s. 63(1) Table sl. 2 and s. 63(2) (text at https://jsa.net.in/detail/55556.' +
    'aspx).',
  evidence: 'secondary',
};

/** Information, not advice: the page's disclaimer sentence. */
export const TAX_DISCLAIMER =
  'Information, not advice: these figures apply the Income-tax Act to the trades in your journal as we read it; ' +
  'check them against your broker’s statements and with a chartered accountant before you file.';

const FY_PATTERN = /^(\d{4})-(\d{2})$/;

/** The first calendar year of a financial year ('2024-25' → 2024). Throws a RangeError for anything else. */
function startYear(fy: string): number {
  const match = FY_PATTERN.exec(fy);
  const start = match ? Number(match[1]) : Number.NaN;
  if (!match || Number(match[2]) !== (start + 1) % 100) {
    throw new RangeError(`Expected a financial year as YYYY-YY (e.g. 2024-25), got "${fy}"`);
  }
  return start;
}

const fyOf = (start: number) => `${start}-${String((start + 1) % 100).padStart(2, '0')}`;

/** The last row starting on or before `key`, or the first row when `key` is before them all. */
function inForce<T extends object>(rows: readonly T[], start: (row: T) => string, key: string): T {
  let hit = rows[0]!;
  for (const row of rows) if (start(row) <= key) hit = row;
  return hit;
}

function checkDate(date: string): void {
  if (!isIsoDate(date)) throw new RangeError(`Expected a date as YYYY-MM-DD, got "${date}"`);
}

/** The financial year ('2024-25') of an IST date: 1 April to 31 March. */
export function financialYearOf(date: string): { fy: string; from: string; to: string } {
  checkDate(date);
  const year = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 4 ? year : year - 1;
  return { fy: fyOf(start), from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

/** The rates on a transfer date; a date before the first row gets the first. */
export function capitalGainsRatesOn(transferDate: string): CapitalGainsRates {
  checkDate(transferDate);
  return inForce(CAPITAL_GAINS_RATES, (r) => r.from, transferDate);
}

/** The s. 112A (2025 Act s. 198) exemption for a financial year; a year before FY 2018-19 gets the first. */
export function longTermExemptionFor(fy: string): number {
  startYear(fy);
  return inForce(LONG_TERM_EXEMPTIONS, (r) => r.fromFy, fy).amount;
}

/** The Act in force for a financial year; a year before FY 2018-19 gets the 1961 Act. */
export function actFor(fy: string): TaxAct {
  startYear(fy);
  return inForce(TAX_ACTS, (a) => a.fromFy, fy);
}

/** 'FY 2024-25 (AY 2025-26)' under the 1961 Act; 'Tax year 2026-27' under the 2025 Act. */
export function taxYearLabel(fy: string): string {
  const start = startYear(fy);
  return actFor(fy).yearTerm === 'tax year' ? `Tax year ${fy}` : `FY ${fy} (AY ${fyOf(start + 1)})`;
}

/** The tax-audit turnover limits for a financial year; a year before FY 2018-19 gets the first row. */
export function auditTurnoverLimitsFor(fy: string): AuditTurnoverLimit {
  startYear(fy);
  return inForce(AUDIT_TURNOVER_LIMITS, (r) => r.fromFy, fy);
}
