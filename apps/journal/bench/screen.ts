// What history.ts looks for and clicks, as the trader sees it: roles, names and visible text, all in this one place
// so that a change to the import flow's screens is one edit here. Two kinds: Playwright locators for what the bench
// clicks and reads, and `Sight`s (a selector, and a pattern the element's text must match) that the page itself
// watches with a MutationObserver, so that a figure's end is taken when the page showed it, not when Playwright's
// polling noticed.
import type { Locator, Page } from 'playwright-core';

/** Elements matching `selector` whose text matches `text` (a RegExp source), shown. */
export interface Sight {
  selector: string;
  text?: string;
}

const IN_DIALOG = '[role="dialog"]';
/** The preview's commit button: "Import 21,373 trades", or "Skip 3 rows and import the rest". */
const commitText = 'Import [\\d,]+ trades?|Skip [\\d,]+ rows? and import the rest';
const COMMIT = new RegExp(`^(${commitText})$`);

/** The import dialog at /trades?import=1 (packages/ui/src/screens/journal/import). */
export const importScreen = {
  dialog: (page: Page) => page.getByRole('dialog', { name: 'Import trades' }),
  /** The trades page's header link that opens the dialog. */
  open: (page: Page) => page.getByRole('link', { name: 'Import', exact: true }),
  broker: (dialog: Locator) => dialog.getByText('Zerodha', { exact: true }),
  file: (dialog: Locator) => dialog.locator('input[type="file"]'),
  commit: (dialog: Locator) => dialog.getByRole('button', { name: COMMIT }),
  /** The preview's figures ("Fills read" 50,000 …) as label and value. */
  figures: (dialog: Locator) => dialog.locator('dl > div'),
  /** What the import does, in plain sentences ("21,373 trades from earlier imports are rebuilt with these fills."). */
  consequences: (dialog: Locator) => dialog.getByRole('list', { name: 'What this import does' }).getByRole('listitem'),
  seeTrades: (dialog: Locator) => dialog.getByRole('button', { name: 'See the trades' }),
  /** Sights: the preview shown, the import done, and an error in the dialog (an unreadable file, a failed import). */
  previewShown: { selector: `${IN_DIALOG} button`, text: `^(${commitText})$` } satisfies Sight,
  done: { selector: `${IN_DIALOG} [role="status"]`, text: '^Imported ' } satisfies Sight,
  failed: { selector: `${IN_DIALOG} [role="alert"]` } satisfies Sight,
  /** The progress bar; its value text names the part being saved ("Saving part 3 of 12"). */
  progress: `${IN_DIALOG} [role="progressbar"]`,
  part: '[Pp]art (\\d+) of (\\d+)',
};

/** The trades list: its caption counts the journal ("Trades, 50 of 21,373, page 1 of 428"). */
export const tradesScreen = {
  caption: '[data-slot="trades-table"] caption',
  /** The caption's pattern for a journal of `count` trades (formatted as the app formats counts). */
  holds: (count: string) => ` of ${count},`,
  /** The notice of sales with no cost basis ("39 sales have no cost basis: …"); its text changes as costs come. */
  missingCost: '[data-slot="missing-cost-notice"]',
  addOpening: (page: Page) =>
    page.locator('[data-slot="missing-cost-notice"]').getByRole('button', { name: 'Add opening position' }),
  corporateActions: (page: Page) => page.getByRole('button', { name: 'Corporate actions' }),
};

/** The opening position dialog (packages/ui/src/screens/journal/opening-position.tsx). */
export const openingScreen = {
  dialog: (page: Page) => page.getByRole('dialog', { name: 'Add an opening position' }),
  symbol: (dialog: Locator) => dialog.getByLabel('Symbol'),
  quantity: (dialog: Locator) => dialog.getByLabel('Shares held'),
  price: (dialog: Locator) => dialog.getByLabel('Average cost per share'),
  heldOn: (dialog: Locator) => dialog.getByLabel('Held on'),
  submit: (dialog: Locator) => dialog.getByRole('button', { name: 'Add opening position' }),
  failed: { selector: `${IN_DIALOG} [role="alert"]` } satisfies Sight,
};

/** The corporate actions dialog (packages/ui/src/screens/journal/corporate-actions.tsx); a split is its default. */
export const actionsScreen = {
  dialog: (page: Page) => page.getByRole('dialog', { name: 'Corporate actions' }),
  symbol: (dialog: Locator) => dialog.getByLabel('Symbol'),
  from: (dialog: Locator) => dialog.getByLabel('Shares before'),
  to: (dialog: Locator) => dialog.getByLabel('Shares after'),
  exDate: (dialog: Locator) => dialog.getByLabel('Ex-date'),
  submit: (dialog: Locator) => dialog.getByRole('button', { name: 'Add split' }),
  /** The form while the split is saved (the dialog will not close until it is done). */
  busy: (dialog: Locator) => dialog.locator('form[aria-busy="true"]'),
  /** The × button (Escape would close the toast of the split first: the newest layer takes it). */
  close: (dialog: Locator) => dialog.getByRole('button', { name: 'Close', exact: true }),
  failed: { selector: `${IN_DIALOG} [role="alert"]` } satisfies Sight,
};

/** Each page's "the figures are there", for a fresh load of the page (time to figures). */
export const FIGURES: Record<string, string> = {
  '/dashboard': '[data-slot="dashboard-stats"]',
  '/calendar': '[data-slot="calendar-totals"]',
  '/analytics': '[data-slot="analytics-overview"]',
  '/trades': '[data-slot="trades-table"] tbody tr[data-status]',
  '/tax': '[data-slot="tax-head"]',
};
