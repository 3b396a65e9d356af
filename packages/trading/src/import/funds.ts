// Shares and fund units on the cash market. Tax and STT tell three kinds apart: a company's share, a unit of an
// equity-oriented fund (65 % or more in Indian listed equity: NIFTYBEES), and a unit of any other fund (a liquid, gilt
// or bond ETF, a gold or silver ETF, one that holds foreign shares). Sections 111A and 112A (the 2025 Act's ss. 196
// and 198) tax only the first two, and STT is lighter on equity-oriented units and nil on the others.
// A broker's file gives the ISIN at best: a fund's unit has an INF ISIN, a company's share INE. Which funds are not
// equity-oriented is in no file, so the list below names the ones Indian traders hold most, by NSE symbol; an INF
// unit not in it is read as equity-oriented, as most traded ETFs are. Without an ISIN (a trade typed by hand) the
// best-known equity ETFs are known by symbol too.
import type { Sourced } from '../tax/rules';
import { baseSymbol } from './symbols';

/** What a non-equity fund holds: debt and money market instruments, gold, silver, or foreign shares. */
export type FundKind = 'debt' | 'gold' | 'silver' | 'international';

const FUNDS: Readonly<Record<FundKind, readonly string[]>> = {
  debt: [
    'LIQUIDBEES',
    'LIQUIDCASE',
    'LIQUIDIETF',
    'LIQUIDETF',
    'GILT5YBEES',
    'LTGILTBEES',
    'SETF10GILT',
    'EBBETF0425',
    'EBBETF0430',
    'EBBETF0431',
    'EBBETF0432',
    'EBBETF0433',
  ],
  gold: ['GOLDBEES', 'GOLDIETF', 'HDFCGOLD', 'SETFGOLD', 'AXISGOLD'],
  silver: ['SILVERBEES', 'SILVERIETF', 'HDFCSILVER'],
  international: ['MON100', 'MAFANG', 'MASPTOP50', 'HNGSNGBEES', 'MAHKTECH'],
};

const BY_SYMBOL = new Map<string, FundKind>(
  (Object.entries(FUNDS) as [FundKind, readonly string[]][]).flatMap(([kind, symbols]) =>
    symbols.map((s) => [s, kind] as const),
  ),
);

export const NON_EQUITY_FUNDS: Sourced & { text: string } = {
  text:
    'Liquid, gilt and bond ETFs invest in debt and money market instruments; gold and silver ETFs in the metal; ' +
    'MON100, MAFANG, MASPTOP50, HNGSNGBEES and MAHKTECH in shares listed abroad. None is an equity-oriented fund, ' +
    'so their gains are not taxed under ss. 111A and 112A.',
  source:
    'Each scheme as its fund house names it (for example Nippon India ETF Nifty 1D Rate Liquid BeES, Nippon India ETF ' +
    'Gold BeES, Motilal Oswal Nasdaq 100 ETF, Bharat Bond ETF April 2030); equity-oriented fund: 1961 Act s. 112A ' +
    'Explanation (65 % or more of the proceeds in equity shares of domestic companies listed on a recognised stock ' +
    'exchange).',
  evidence: 'secondary',
};

/** Equity ETFs known by symbol, for trades that come without an ISIN. */
const EQUITY_FUNDS = new Set([
  'NIFTYBEES',
  'BANKBEES',
  'JUNIORBEES',
  'SETFNIF50',
  'SETFNIFBK',
  'ITBEES',
  'PSUBNKBEES',
  'PHARMABEES',
  'CPSEETF',
  'ICICIB22',
  'MID150BEES',
]);

/** The kind of non-equity fund a listed security is, or null for a share or an equity-oriented fund. */
export function nonEquityFund(symbol: string, isin: string | null): FundKind | null {
  // A company's share has an INE ISIN; a fund's unit has INF.
  if (isin && !isin.startsWith('INF')) return null;
  return BY_SYMBOL.get(baseSymbol(symbol)) ?? null;
}

/** What a cash-market security is, for STT: a share, a unit of an equity-oriented fund, or of another fund. */
export type Security = 'share' | 'equity-fund' | 'other-fund';

export function securityOf(symbol: string, isin: string | null | undefined): Security {
  if (nonEquityFund(symbol, isin ?? null) !== null) return 'other-fund';
  if (isin) return isin.startsWith('INF') ? 'equity-fund' : 'share';
  return EQUITY_FUNDS.has(baseSymbol(symbol)) ? 'equity-fund' : 'share';
}
