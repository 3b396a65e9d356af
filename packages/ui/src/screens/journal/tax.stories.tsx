import type { TaxYear } from '@bahi/trading';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  fy2425,
  fy2425Undated,
  fy2526,
  fy2526Funds,
  rules1961,
  rules2025,
  taxTrades,
  taxYearOptions,
  taxYears,
  undatedLots,
} from '../../fixtures/tax';
import { Shell } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { TaxScreen, type TaxScreenProps } from './tax';

type Args = TaxScreenProps & PageStoryArgs;

const rulesFor = (year: TaxYear) => (year.act === 'Income-tax Act, 2025' ? rules2025 : rules1961);

/** The screen as the app drives it: picking a year shows that year's figures under its Act's rules. */
function TaxPage(args: Args) {
  const [fy, setFy] = useState(args.fy);
  const year = args.year?.fy === fy ? args.year : taxYears.find((y) => y.fy === fy);
  return (
    <Shell>
      <TaxScreen
        {...args}
        fy={fy}
        year={year}
        rules={year ? rulesFor(year) : undefined}
        onFyChange={(next) => {
          setFy(next);
          args.onFyChange?.(next);
        }}
      />
    </Shell>
  );
}

const meta = {
  title: 'Screens/Journal/Tax P&L',
  component: TaxScreen,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: {
    routePath: '/tax',
    status: 'ready',
    years: taxYearOptions,
    fy: '2024-25',
    trades: taxTrades,
    onFyChange: fn(),
    onExportCsv: fn(),
    onExportXlsx: fn(),
    onSaveFmv: fn(async () => {}),
    onSaveLotDates: fn(async () => {}),
    onRetry: fn(),
  },
  render: (args) => <TaxPage {...args} />,
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

const card = (canvasElement: HTMLElement, name: string) => within(within(canvasElement).getByRole('region', { name }));

/** FY 2024-25: intraday, F&O and commodities, short-term gains either side of 23 Jul 2024, grandfathered long-term gains. */
export const EveryHead: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Tax P&L', level: 1 })).toBeVisible();
    await expect(canvas.getByText('Not tax advice')).toBeVisible();
    await expect(canvas.getByText(rules1961.disclaimer)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'FY 2024-25 (AY 2025-26)', level: 2 })).toBeVisible();
    await expect(canvas.getByText(/1 April 2024 – 31 March 2025 · Income-tax Act, 1961/)).toBeVisible();

    // Speculative: 2,935.00 gross − 809.20 charges = +2,125.80, on a turnover of 11,835.00.
    const speculative = card(canvasElement, 'Speculative business income');
    await expect(speculative.getByText('Intraday equity (s. 43(5))')).toBeVisible();
    await expect(speculative.getByText('₹11,835.00')).toBeVisible();
    await expect(speculative.getByText('+₹2,935.00')).toBeVisible();
    await expect(speculative.getByText('₹809.20')).toBeVisible();
    await expect(speculative.getByText('+₹2,125.80')).toBeVisible();

    // F&O and commodities: 8,550 + 9,837.50 + 12,300 = 30,687.50 gross, − 1,380.60 = +29,306.90.
    const business = card(canvasElement, 'Non-speculative business income');
    await expect(business.getByText('Futures (2 trades)')).toBeVisible();
    await expect(business.getByText('+₹9,837.50')).toBeVisible();
    await expect(business.getByText('Commodities (2 trades)')).toBeVisible();
    await expect(business.getByText('+₹29,306.90')).toBeVisible();

    // s. 111A: 15% on 32,315.19 before 23 Jul 2024, 20% on 54,728.85 from it; STT not deductible.
    const shortTerm = card(canvasElement, 'Short-term capital gains');
    await expect(shortTerm.getByText('Listed shares held 12 months or less (s. 111A)')).toBeVisible();
    await expect(shortTerm.getByText('At 15%, sales 1 Apr 2024 – 22 Jul 2024 (2 sales)')).toBeVisible();
    await expect(shortTerm.getByText('+₹32,315.19')).toBeVisible();
    await expect(shortTerm.getByText('At 20%, sales 23 Jul 2024 – 31 Mar 2025 (2 sales)')).toBeVisible();
    await expect(shortTerm.getByText('+₹87,044.04')).toBeVisible();
    await expect(shortTerm.getByText(/not deductible from capital gains \(s\. 48 proviso\)/)).toBeVisible();

    // s. 112A: 1,49,811.95 net, the ₹1.25 lakh exemption used in full, 24,811.95 left taxable at 10%.
    const longTerm = card(canvasElement, 'Long-term capital gains');
    await expect(longTerm.getByText('+₹1,49,811.95')).toBeVisible();
    await expect(longTerm.getAllByText('₹1,25,000.00')).toHaveLength(2);
    await expect(longTerm.getAllByText('₹24,811.95')).toHaveLength(2);

    // The return's schedules.
    const schedule = within(canvas.getByRole('table', { name: /^Schedule 112A/ }));
    const hdfc = within(schedule.getByRole('row', { name: /INE040A01034/ }));
    // Folded at this width (the frame is 974 px): period and ISIN under the name, the 31 Jan 2018 value under the cost.
    const shown = (elements: HTMLElement[]) => elements.filter((e) => e.checkVisibility());
    await expect(shown(hdfc.getAllByText('BE'))).toHaveLength(1);
    await expect(schedule.queryByRole('columnheader', { name: /Actual cost/ })).toBeNull();
    const frame = canvas.getByRole('region', { name: 'Schedule 112A table' });
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    // Its 31 Jan 2018 value is below the sale value, so it is the cost.
    await expect(shown(hdfc.getAllByText('₹1,98,000.00'))).toHaveLength(2);
    await expect(hdfc.getByText('+₹1,22,411.10')).toBeVisible();
    const summary = within(canvas.getByRole('table', { name: /^Schedule CG summary/ }));
    await expect(
      summary.getByRole('rowheader', { name: /Less the exemption under s\. 112A \(up to ₹1,25,000\)/ }),
    ).toBeVisible();

    // The rules behind the figures, collapsed until asked for.
    await userEvent.click(canvas.getByText(/Turnover, tax audit and set-off of losses/));
    await expect(
      canvas.getByText(/^For speculative transactions \(intraday equity\) and for derivatives/),
    ).toBeVisible();
    await expect(
      canvas.getByText(/^A speculative loss \(intraday equity\) is set off only against speculative profit/),
    ).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Download CSV' }));
    await expect(args.onExportCsv).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Download XLSX' }));
    await expect(args.onExportXlsx).toHaveBeenCalledOnce();
  },
};

export const EveryHeadDark: Story = { globals: { theme: 'dark' } };

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading tax p&l…')).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { status: 'error', errorDetail: 'GET /rest/v1/rpc/tax_year: 503 Service Unavailable' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('GET /rest/v1/rpc/tax_year: 503 Service Unavailable')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const NoTradesYet: Story = {
  args: { status: 'empty', years: [], fy: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No closed trades yet' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Import/ })).toHaveAttribute('href', '/trades?import=1');
  },
};

export const NoTaxableTrades: Story = {
  args: { fy: '2023-24' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No taxable trades in FY 2023-24 (AY 2024-25)' })).toBeVisible();
    await expect(canvas.getByText(/between 1 April 2023 and 31 March 2024/)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** Tax year 2026-27 falls under the Income-tax Act, 2025: its sections, 20% and 12.5% all year. */
export const TaxYear2026: Story = {
  args: { fy: '2026-27' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Tax year 2026-27', level: 2 })).toBeVisible();
    await expect(canvas.getByText('1 April 2026 – 31 March 2027 · Income-tax Act, 2025')).toBeVisible();
    const speculative = card(canvasElement, 'Speculative business income');
    await expect(speculative.getByText('−₹2,560.55')).toBeVisible();
    const shortTerm = card(canvasElement, 'Short-term capital gains');
    await expect(shortTerm.getByText('Listed shares held 12 months or less (s. 196)')).toBeVisible();
    await expect(shortTerm.getByText('At 20% (2 sales)')).toBeVisible();
    const longTerm = card(canvasElement, 'Long-term capital gains');
    await expect(longTerm.getByText('Listed shares held more than 12 months (s. 198)')).toBeVisible();
    // 10,946.65 of gains use that much of the ₹1.25 lakh exemption; nothing is left to tax.
    await expect(longTerm.getAllByText('₹10,946.65')).toHaveLength(1);
    await expect(canvas.getByRole('heading', { name: 'Long-term sales under s. 198' })).toBeVisible();
  },
};

export const PickAYear: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Year' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tax year 2026-27' }));
    await expect(args.onFyChange).toHaveBeenCalledWith('2026-27');
    await expect(await canvas.findByRole('heading', { name: 'Tax year 2026-27', level: 2 })).toBeVisible();
    await expect(canvas.getByText('Listed shares held 12 months or less (s. 196)')).toBeVisible();
  },
};

/** FY 2025-26 leaves out two sales with no cost basis. */
export const MissingCost: Story = {
  args: { fy: '2025-26' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/2 sales without a cost basis are left out of these figures\./)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Give their cost' })).toHaveAttribute('href', '/trades');
  },
};

let finishSaving: () => void = () => {};

/** Two grandfathered shares need their 31 Jan 2018 value; saving one shows progress, then that it is saved. */
export const FmvNeeded: Story = {
  args: {
    fy: '2025-26',
    onSaveFmv: fn(
      () =>
        new Promise<void>((resolve) => {
          finishSaving = resolve;
        }),
    ),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const forms = within(canvas.getByRole('region', { name: '2 shares need their 31 January 2018 value' }));
    const asianPaint = forms.getByRole('textbox', { name: /^ASIANPAINT: value per share on 31 January 2018/ });
    await expect(asianPaint).toHaveAccessibleDescription('ISIN INE021A01026');
    await expect(forms.getByRole('textbox', { name: /^LT: value per share/ })).toBeVisible();
    // In the drill-down the value shows as needed.
    await expect(canvas.getAllByText('Needed').length).toBeGreaterThan(0);

    await userEvent.type(asianPaint, '1,421.50');
    await userEvent.click(forms.getByRole('button', { name: 'Save the value of ASIANPAINT' }));
    await expect(args.onSaveFmv).toHaveBeenCalledWith({ symbol: 'ASIANPAINT', isin: 'INE021A01026' }, '1421.50');
    await expect(forms.getByRole('button', { name: /Saving/ })).toBeDisabled();
    finishSaving();
    await expect(await forms.findByText(/^Saved\./)).toBeVisible();
  },
};

export const FmvNotSaved: Story = {
  args: {
    fy: '2025-26',
    onSaveFmv: fn(async () => {
      throw new Error('The value could not be saved: the connection dropped. Try again.');
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const lt = canvas.getByRole('textbox', { name: /^LT: value per share/ });
    const save = canvas.getByRole('button', { name: 'Save the value of LT' });
    // Not a price: said under the field, nothing sent.
    await userEvent.type(lt, 'abc');
    await userEvent.click(save);
    await expect(lt).toHaveAccessibleDescription(/Give the value per share in rupees, such as 1,234\.50\./);
    await expect(args.onSaveFmv).not.toHaveBeenCalled();
    // The service fails: its message, and the value kept to try again.
    await userEvent.clear(lt);
    await userEvent.type(lt, '1490.75');
    await userEvent.click(save);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The value could not be saved: the connection dropped. Try again.',
    );
    await expect(lt).toHaveValue('1490.75');
    await expect(lt).toHaveAttribute('aria-invalid', 'true');
  },
};

let finishDating: () => void = () => {};

/**
 * Shares from a holdings statement with no buy dates were sold: 3 lots and ₹3,11,487.00 of sales wait for a date,
 * in neither head. HDFCBANK's 40 were two buys: the trader splits the lot and saves its dates.
 */
export const LotsWithoutBuyDates: Story = {
  args: {
    year: fy2425Undated,
    undatedLots,
    onSaveLotDates: fn(
      () =>
        new Promise<void>((resolve) => {
          finishDating = resolve;
        }),
    ),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const section = within(canvas.getByRole('region', { name: '3 lots sold this year have no buy date' }));
    await expect(section.getByText(/counted in neither short-term nor long-term gains below/)).toBeVisible();
    await expect(section.getAllByText('₹3,11,487.00').length).toBeGreaterThan(0);
    await expect(section.getByText('+₹1,29,821.74')).toBeVisible();
    // Per share: TATAMOTORS's one lot went into two sales, 60 + 40 shares for 57,066 + 43,510.
    const tatamotors = within(section.getByRole('row', { name: /TATAMOTORS/ }));
    await expect(tatamotors.getByText('₹1,00,576.00')).toBeVisible();
    // A form for each lot sold this year; COALINDIA was not sold.
    await expect(section.getAllByRole('form')).toHaveLength(3);
    await expect(section.queryByText(/^COALINDIA:/)).toBeNull();
    // The heads say what they leave out.
    await expect(
      card(canvasElement, 'Short-term capital gains').getByText(
        /Not counted here: 4 sales for ₹3,11,487\.00 from lots with no buy date\./,
      ),
    ).toBeVisible();

    const hdfc = within(section.getByRole('form', { name: 'HDFCBANK: 40 shares at ₹1,515.70' }));
    await expect(hdfc.getByText(/Held by 8 Jan 2024/)).toBeVisible();
    const shares = hdfc.getByRole('textbox', { name: 'Shares' });
    await expect(shares).toHaveValue('40');
    await userEvent.clear(shares);
    await userEvent.type(shares, '25');
    await userEvent.type(hdfc.getByLabelText('Bought on'), '2021-06-15');
    await userEvent.click(hdfc.getByRole('button', { name: 'Add another buy of HDFCBANK' }));
    await userEvent.type(hdfc.getByRole('textbox', { name: 'Shares, buy 2' }), '15');
    await userEvent.type(hdfc.getByLabelText('Bought on, buy 2'), '2023-08-21');
    await userEvent.click(hdfc.getByRole('button', { name: 'Save the dates of HDFCBANK' }));
    await expect(args.onSaveLotDates).toHaveBeenCalledWith(undatedLots[1], [
      { quantity: '25', boughtOn: '2021-06-15' },
      { quantity: '15', boughtOn: '2023-08-21' },
    ]);
    await expect(hdfc.getByRole('button', { name: /Saving/ })).toBeDisabled();
    finishDating();
    await expect(await hdfc.findByText(/^Saved\./)).toBeVisible();
  },
};

/** The dates do not fit the lot: the reason on the form, the typed dates kept. */
export const LotDatesNotSaved: Story = {
  args: {
    year: fy2425Undated,
    undatedLots,
    onSaveLotDates: fn(async () => {
      throw new Error('The shares add up to 30, and the lot holds 40: give a date for each of its shares.');
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const hdfc = within(canvas.getByRole('form', { name: 'HDFCBANK: 40 shares at ₹1,515.70' }));
    const shares = hdfc.getByRole('textbox', { name: 'Shares' });
    await userEvent.clear(shares);
    await userEvent.type(shares, '30');
    await userEvent.type(hdfc.getByLabelText('Bought on'), '2021-06-15');
    await userEvent.click(hdfc.getByRole('button', { name: 'Save the dates of HDFCBANK' }));
    await expect(await hdfc.findByRole('alert')).toHaveTextContent(
      'The shares add up to 30, and the lot holds 40: give a date for each of its shares.',
    );
    await expect(shares).toHaveValue('30');
    await expect(hdfc.getByLabelText('Bought on')).toHaveValue('15 Jun 2021');
  },
};

/** FY 2025-26 with sales of a liquid ETF and a gold ETF: outside ss. 111A and 112A, listed apart with their rule. */
export const NonEquityFunds: Story = {
  args: { fy: '2025-26', year: fy2526Funds },
  play: async ({ canvasElement }) => {
    const section = within(within(canvasElement).getByRole('region', { name: 'Units of non-equity funds: 2 sales' }));
    await expect(
      section.getByText(/in neither short-term \(s\. 111A\) nor long-term \(s\. 112A\) gains/),
    ).toBeVisible();
    await expect(section.getByText(/at your slab rate \(s\. 50AA\)/)).toBeVisible();
    const liquid = within(section.getByRole('row', { name: /LIQUIDBEES/ }));
    await expect(liquid.getByText('24.609')).toBeVisible();
    await expect(liquid.getByText('+₹85.94')).toBeVisible();
    await expect(liquid.getByText('Short term, slab rate')).toBeVisible();
    const gold = within(section.getByRole('row', { name: /GOLDBEES/ }));
    await expect(gold.getByText('By holding period')).toBeVisible();
    await expect(gold.getByText('+₹3,280.00')).toBeVisible();
  },
};

export const MobileNonEquityFunds: Story = {
  args: { fy: '2025-26', year: fy2526Funds },
  globals: { viewport: { value: 'mobile' } },
  play: async () => {
    await expect(pageScrollsSideways()).toBe(false);
  },
};

export const LotsWithoutBuyDatesDark: Story = {
  args: { year: fy2425Undated, undatedLots },
  globals: { theme: 'dark' },
};

/** The trades behind the non-speculative total, open; sorting by result puts the biggest loss first. */
export const TradesBehindATotal: Story = {
  args: { defaultOpen: 'nonSpeculative' },
  play: async () => {
    const dialogElement = await screen.findByRole('dialog', { name: 'Non-speculative business income: 7 trades' });
    await waitFor(() => expect(dialogElement).toContainElement(document.activeElement as HTMLElement));
    const dialog = within(dialogElement);
    const table = within(dialog.getByRole('table', { name: /the trades behind the total/ }));
    await expect(table.getAllByRole('row')).toHaveLength(8);
    await userEvent.click(table.getByRole('button', { name: 'Net result' }));
    const first = within(table.getAllByRole('row')[1]!);
    await expect(first.getByText('BANKNIFTY24SEPFUT')).toBeVisible();
    await expect(first.getByText('−₹9,058.95')).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Net result' })).toHaveAttribute('aria-sort', 'ascending');
    // The rows add up to the card: +30,687.50 − 1,380.60 = +29,306.90.
    await expect(dialog.getByText('+₹29,306.90')).toBeVisible();
    // Closing puts focus on the card's button, as if it had opened the dialog.
    await userEvent.keyboard('{Escape}');
    await expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'See the 7 trades behind non-speculative business income' }),
      ).toHaveFocus(),
    );
  },
};

export const GainsBehindATotal: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const open = canvas.getByRole('button', { name: 'See the 4 trades behind long-term capital gains' });
    await userEvent.click(open);
    const dialog = within(await screen.findByRole('dialog', { name: 'Long-term capital gains: 4 trades' }));
    const wipro = within(dialog.getByRole('row', { name: /WIPRO/ }));
    // FMV above the sale value: the cost is capped at the sale, so only the transfer expenses remain as a loss.
    await expect(wipro.getByText('₹1,59,000.00')).toBeVisible();
    await expect(wipro.getAllByText('₹1,49,200.00')).toHaveLength(2);
    await expect(wipro.getByText('−₹52.10')).toBeVisible();
    await expect(wipro.getByText('12.5%')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(open).toHaveFocus());
  },
};

export const TradesBehindATotalDark: Story = {
  args: { defaultOpen: 'shortTerm' },
  globals: { theme: 'dark' },
  // The dialog's code loads when it first opens.
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Short-term capital gains: 4 trades' })).toBeVisible();
  },
};

const pageScrollsSideways = () => document.documentElement.scrollWidth > document.documentElement.clientWidth;

/** At 360 px the page never scrolls sideways; wide tables scroll inside their own labelled, focusable frame. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(pageScrollsSideways()).toBe(false);
    const frame = canvas.getByRole('region', { name: 'Schedule 112A table' });
    await expect(frame).toHaveAttribute('tabindex', '0');
    await expect(frame.scrollWidth).toBeGreaterThan(frame.clientWidth);
    // Scrolled, each row still says which share it is: the name column stays pinned at the frame's left edge.
    frame.scrollLeft = frame.scrollWidth;
    const name = within(frame).getByText('HDFCBANK').closest('td') as HTMLElement;
    await expect(Math.round(name.getBoundingClientRect().left)).toBe(
      Math.round(frame.getBoundingClientRect().left + frame.clientLeft),
    );
    // The story shows the frame as it opens.
    frame.scrollLeft = 0;
  },
};

export const MobileTradesBehindATotal: Story = {
  args: { defaultOpen: 'shortTerm' },
  globals: { viewport: { value: 'mobile' } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Short-term capital gains: 4 trades' });
    await expect(pageScrollsSideways()).toBe(false);
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
    const frame = within(dialog).getByRole('region', { name: 'Short-term capital gains: sales' });
    await expect(frame.scrollWidth).toBeGreaterThan(frame.clientWidth);
  },
};

export const MobileLotsWithoutBuyDates: Story = {
  args: { year: fy2425Undated, undatedLots },
  globals: { viewport: { value: 'mobile' } },
  play: async () => {
    await expect(pageScrollsSideways()).toBe(false);
  },
};

export const MobileFmvNeeded: Story = {
  args: { fy: '2025-26', year: fy2526 },
  globals: { viewport: { value: 'mobile' } },
};

export const EveryHeadWithNotice: Story = {
  args: { year: { ...fy2425, missingCost: ['m1'] } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(/1 sale without a cost basis is left out of these figures\./),
    ).toBeVisible();
  },
};
