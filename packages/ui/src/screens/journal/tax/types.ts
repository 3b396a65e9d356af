import type { TaxHead, TaxTrade, TaxYear } from '@bahi/trading';
import type { AreaCallbacks } from '../area-actions';
import type { AreaStatus } from '../area-page';
import type { SaveLotDates, UndatedLotView } from './lot-dates';

/** The rules data for the chosen year, as text: the screen explains them, it never applies them to the trader. */
export interface TaxRulesView {
  /**
   * 'Income-tax Act, 1961' or 'Income-tax Act, 2025', with its sections: speculative, nonSpeculative, shortTerm,
   * longTerm, grandfathering, costDeductions, sttNotDeductible, taxAudit, setOff.
   */
  act: { name: string; sections: Record<string, string> };
  /** Information, not advice. */
  disclaimer: string;
  /** The ICAI guidance note's rule for turnover, as text, with its edition. */
  turnover: string;
  /** Audit thresholds as text (no verdict). */
  audit: string;
  setOff: { head: TaxHead; text: string }[];
}

export interface TaxScreenProps extends AreaCallbacks {
  /** 'empty': no closed trades at all. */
  status: AreaStatus;
  /** Newest first; label e.g. 'FY 2024-25 (AY 2025-26)', 'Tax year 2026-27'. */
  years: { fy: string; label: string }[];
  fy?: string;
  onFyChange?: (fy: string) => void;
  /** The chosen year's figures. */
  year?: TaxYear;
  rules?: TaxRulesView;
  /** The trades behind the business heads, for the drill-down (by id). */
  trades?: ReadonlyMap<string, TaxTrade>;
  onExportCsv?: () => void;
  onExportXlsx?: () => void;
  /** 31 Jan 2018 fair market value per share, for the shares year.needsFmv lists; resolves when saved, a rejection's message is shown. */
  onSaveFmv?: (share: { symbol: string; isin: string | null }, valuePerShare: string) => Promise<void>;
  /** The journal's opening lots with no buy date: those of the year's sales get a form for their dates. */
  undatedLots?: UndatedLotView[];
  /** Saves a lot's buy dates; resolves when saved, a rejection's message is shown on the lot's form. */
  onSaveLotDates?: SaveLotDates;
  /** Which total's trades are open at first render (stories): 'speculative' | 'nonSpeculative' | 'shortTerm' | 'longTerm'. */
  defaultOpen?: string;
}
