// Tax P&L (/tax), split into its sections; this is what the package exports of it.

export type { LotDateValues, SaveLotDates, UndatedLotView } from './lot-dates';
export { TaxScreen } from './tax-screen';
export type { TaxRulesView, TaxScreenProps } from './types';
