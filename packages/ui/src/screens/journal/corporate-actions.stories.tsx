import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Shell } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import {
  type CorporateActionItem,
  CorporateActionsDialog,
  type CorporateActionsDialogProps,
  type CorporateActionValues,
} from './corporate-actions';

type Args = CorporateActionsDialogProps & PageStoryArgs;

const actions: CorporateActionItem[] = [
  { id: 'c1', symbol: 'INFY', kind: 'bonus', from: 1, to: 1, exDate: '2018-10-25' },
  { id: 'c2', symbol: 'NESTLEIND', kind: 'split', from: 1, to: 10, exDate: '2024-01-05' },
  { id: 'c3', symbol: 'HDFCBANK', kind: 'bonus', from: 1, to: 1, exDate: '2025-08-26' },
  { id: 'c4', symbol: 'BAJFINANCE', kind: 'split', from: 1, to: 2, exDate: '2025-06-16' },
  // Strides → OneSource: 1 for 2, 10.65% of the cost; HDFC into HDFC Bank: 42 for 25; Zomato renamed Eternal.
  {
    id: 'c5',
    symbol: 'STAR',
    kind: 'demerger',
    from: 2,
    to: 1,
    exDate: '2024-12-06',
    newSymbol: 'ONESOURCE',
    costPercent: 10.65,
  },
  { id: 'c6', symbol: 'HDFC', kind: 'merger', from: 25, to: 42, exDate: '2023-07-13', newSymbol: 'HDFCBANK' },
  { id: 'c7', symbol: 'ZOMATO', kind: 'symbol_change', from: 1, to: 1, exDate: '2025-04-09', newSymbol: 'ETERNAL' },
];

const blank: CorporateActionValues = {
  symbol: '',
  kind: 'split',
  from: '1',
  to: '',
  exDate: '',
  newSymbol: '',
  newIsin: '',
  costPercent: '',
};

function Stateful(args: Args) {
  const [values, setValues] = useState(args.values);
  return (
    <Shell>
      <CorporateActionsDialog
        {...args}
        values={values}
        onChange={(next) => {
          args.onChange(next);
          setValues(next);
        }}
      />
    </Shell>
  );
}

const meta = {
  title: 'Screens/Journal/Corporate actions',
  component: CorporateActionsDialog,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: {
    routePath: '/trades',
    open: true,
    onOpenChange: fn(),
    actions,
    status: 'ready',
    values: blank,
    onChange: fn(),
    onAdd: fn(),
    onRemove: fn(async (_id: string) => {}),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

const dialog = () => screen.findByRole('dialog', { name: 'Corporate actions' });
const form = (d: HTMLElement) => within(d).getByRole('form', { name: 'Add a corporate action' });
/** The form's text boxes by their labels, in order. */
const textboxLabels = (f: HTMLElement) =>
  within(f)
    .getAllByRole('textbox')
    .map((t) => f.querySelector(`label[for="${t.getAttribute('id')}"]`)?.textContent);

export const List: Story = {
  play: async () => {
    const d = await dialog();
    await expect(d).toHaveAccessibleDescription(
      /Split 1:5: every share becomes 5\. Bonus 1:1: one new share for every share held\./,
    );
    await expect(d).toHaveAccessibleDescription(/adjusted on the ex-date/);
    await expect(d).toHaveAccessibleDescription(/the company pays cash for a fraction/);
    const table = within(d).getByRole('table', { name: 'Corporate actions, newest ex-date first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent));
    await expect(rows).toEqual([
      ['HDFCBANK', 'Bonus 1:1', '26 Aug 2025'],
      ['BAJFINANCE', 'Split 1:2', '16 Jun 2025'],
      ['ZOMATO', 'Symbol change to ETERNAL', '9 Apr 2025'],
      ['STAR', 'Demerger 1:2 into ONESOURCE, 10.65% of cost', '6 Dec 2024'],
      ['NESTLEIND', 'Split 1:10', '5 Jan 2024'],
      ['HDFC', 'Merger 42:25 into HDFCBANK', '13 Jul 2023'],
      ['INFY', 'Bonus 1:1', '25 Oct 2018'],
    ]);
  },
};

/** A demerger and a merger that left fractions: each holding's note says what was credited and what is paid in cash. */
export const FractionsPaidInCash: Story = {
  args: {
    actions: actions.map((a) =>
      a.id === 'c5'
        ? {
            ...a,
            notes: [
              'The demerger gave 12.5 ONESOURCE shares for the 25 STAR held: 12 were credited and the fraction of 0.5 ' +
                'is paid in cash by the company, which is not in this journal.',
            ],
          }
        : a.id === 'c6'
          ? {
              ...a,
              notes: [
                'The merger gave 16.8 HDFCBANK shares for the 10 HDFC held: 16 were credited and the fraction of 0.8 ' +
                  'is paid in cash by the company, which is not in this journal.',
              ],
            }
          : a,
    ),
  },
  play: async () => {
    const d = await dialog();
    const starRow = within(d).getByRole('row', { name: /STAR/ });
    // The list scrolls within the dialog: bring the demerger's note into view for the screenshot.
    starRow.scrollIntoView({ block: 'start' });
    const star = within(starRow);
    await expect(star.getByText(/12 were credited and the fraction of 0\.5 is paid in cash/)).toBeVisible();
    const hdfc = within(within(d).getByRole('row', { name: /^HDFC Merger/ }));
    await expect(hdfc.getByText(/16 were credited and the fraction of 0\.8 is paid in cash/)).toBeVisible();
  },
};

export const AddSplit: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    const f = form(d);
    await userEvent.type(within(f).getByRole('textbox', { name: /Symbol/ }), 'bajfinance');
    await userEvent.type(within(f).getByRole('textbox', { name: /Shares after/ }), '5');
    await expect(within(f).getByText('Every share becomes 5.')).toBeVisible();
    await userEvent.type(within(f).getByLabelText(/Ex-date/), '2025-06-16');
    await userEvent.click(within(f).getByRole('button', { name: 'Add split' }));
    await expect(args.onAdd).toHaveBeenCalledWith({ ...blank, symbol: 'BAJFINANCE', to: '5', exDate: '2025-06-16' });
  },
};

export const AddBonus: Story = {
  args: { values: { ...blank, kind: 'bonus', symbol: 'WIPRO' } },
  play: async ({ args }) => {
    const d = await dialog();
    const f = form(d);
    // A bonus reads as announced: new shares first, then the shares held that earn them.
    await expect(textboxLabels(f)).toEqual(['Symbol*', 'New shares*', 'Shares held*', 'Ex-date*']);
    await userEvent.type(within(f).getByRole('textbox', { name: /New shares/ }), '1');
    await userEvent.clear(within(f).getByRole('textbox', { name: /Shares held/ }));
    await userEvent.type(within(f).getByRole('textbox', { name: /Shares held/ }), '3');
    await expect(within(f).getByText('One new share for every 3 shares held.')).toBeVisible();
    await userEvent.type(within(f).getByLabelText(/Ex-date/), '2019-03-06');
    await userEvent.click(within(f).getByRole('button', { name: 'Add bonus' }));
    await expect(args.onAdd).toHaveBeenCalledWith({
      ...blank,
      symbol: 'WIPRO',
      kind: 'bonus',
      from: '3',
      to: '1',
      exDate: '2019-03-06',
    });
  },
};

export const ChooseKind: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    const kind = within(d).getByRole('combobox', { name: /Kind/ });
    kind.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: 'Bonus' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...blank, kind: 'bonus' });
    await expect(within(d).getByRole('button', { name: 'Add bonus' })).toBeVisible();
  },
};

export const RemoveConfirmation: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(within(d).getByRole('button', { name: 'Remove BAJFINANCE split 1:2, ex-date 16 Jun 2025' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove the BAJFINANCE split 1:2?' });
    await expect(confirm).toHaveTextContent(
      'BAJFINANCE shares are no longer adjusted on 16 Jun 2025, and the trades after it are rebuilt.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await expect(args.onRemove).toHaveBeenCalledWith('c4');
  },
};

export const RemoveFailed: Story = {
  args: {
    onRemove: fn(async (_id: string) => {
      throw new Error('Could not remove it: the network is offline.');
    }),
  },
  play: async () => {
    const d = await dialog();
    await userEvent.click(within(d).getByRole('button', { name: 'Remove INFY bonus 1:1, ex-date 25 Oct 2018' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove the INFY bonus 1:1?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await expect(await within(confirm).findByRole('alert')).toHaveTextContent('the network is offline');
  },
};

export const AddDemerger: Story = {
  args: { values: { ...blank, kind: 'demerger', from: '', to: '' } },
  play: async ({ args }) => {
    const d = await dialog();
    const f = form(d);
    await expect(textboxLabels(f)).toEqual([
      'Symbol*',
      'New share*',
      'New ISIN',
      'New shares*',
      'Shares held*',
      'Cost to the new share (%)*',
      'Ex-date*',
    ]);
    await userEvent.type(within(f).getByRole('textbox', { name: /^Symbol/ }), 'star');
    await userEvent.type(within(f).getByRole('textbox', { name: /^New share\b/ }), 'onesource');
    await userEvent.type(within(f).getByRole('textbox', { name: /New ISIN/ }), 'ine013p01021');
    await userEvent.type(within(f).getByRole('textbox', { name: /New shares/ }), '1');
    await userEvent.type(within(f).getByRole('textbox', { name: /Shares held/ }), '2');
    await userEvent.type(within(f).getByRole('textbox', { name: /Cost to the new share/ }), '10.65');
    await expect(
      within(f).getByText(
        'One ONESOURCE share for every 2 STAR shares held; 10.65% of the cost moves to ONESOURCE, 89.35% stays with STAR.',
      ),
    ).toBeVisible();
    await userEvent.type(within(f).getByLabelText(/Ex-date/), '2024-12-06');
    await userEvent.click(within(f).getByRole('button', { name: 'Add demerger' }));
    await expect(args.onAdd).toHaveBeenCalledWith({
      symbol: 'STAR',
      kind: 'demerger',
      from: '2',
      to: '1',
      exDate: '2024-12-06',
      newSymbol: 'ONESOURCE',
      newIsin: 'INE013P01021',
      costPercent: '10.65',
    });
  },
};

export const AddMerger: Story = {
  args: { values: { ...blank, kind: 'merger', symbol: 'HDFC', from: '25', to: '42', newSymbol: 'HDFCBANK' } },
  play: async ({ args }) => {
    const d = await dialog();
    const f = form(d);
    await expect(textboxLabels(f)).toEqual([
      'Symbol*',
      'Merged into*',
      'New ISIN',
      'New shares*',
      'Shares held*',
      'Ex-date*',
    ]);
    await expect(
      within(f).getByText('42 HDFCBANK shares for every 25 HDFC shares held, at the same cost and holding period.'),
    ).toBeVisible();
    await userEvent.type(within(f).getByLabelText(/Ex-date/), '2023-07-13');
    await userEvent.click(within(f).getByRole('button', { name: 'Add merger' }));
    await expect(args.onAdd).toHaveBeenCalledWith({
      ...blank,
      kind: 'merger',
      symbol: 'HDFC',
      from: '25',
      to: '42',
      newSymbol: 'HDFCBANK',
      exDate: '2023-07-13',
    });
  },
};

export const AddSymbolChange: Story = {
  args: { values: { ...blank, kind: 'symbol_change', symbol: 'ZOMATO', newSymbol: 'ETERNAL' } },
  play: async () => {
    const d = await dialog();
    const f = form(d);
    // Share for share: no ratio to type.
    await expect(textboxLabels(f)).toEqual(['Symbol*', 'New symbol*', 'New ISIN', 'Ex-date*']);
    await expect(within(f).getByText('ZOMATO becomes ETERNAL, share for share.')).toBeVisible();
    await expect(within(f).getByRole('button', { name: 'Add symbol change' })).toBeVisible();
  },
};

export const DemergerFieldErrors: Story = {
  args: {
    values: { ...blank, kind: 'demerger', symbol: 'STAR', from: '2', to: '1', costPercent: '110' },
    fieldErrors: {
      newSymbol: "Enter the new share's symbol, such as ONESOURCE.",
      costPercent: 'Enter the percentage of the cost that goes to the new share, above 0 and below 100.',
    },
  },
  play: async () => {
    const d = await dialog();
    const cost = within(d).getByRole('textbox', { name: /Cost to the new share/ });
    await expect(cost).toHaveAttribute('aria-invalid', 'true');
    await expect(cost).toHaveAccessibleDescription(
      'Enter the percentage of the cost that goes to the new share, above 0 and below 100. As the company announced it: STAR to ONESOURCE is 10.65.',
    );
  },
};

export const Adding: Story = {
  args: { values: { ...blank, symbol: 'BAJFINANCE', to: '2', exDate: '2025-06-16' }, adding: true },
  play: async () => {
    const d = await dialog();
    await expect(within(d).getByRole('button', { name: 'Add split' })).toBeDisabled();
  },
};

export const FieldErrors: Story = {
  args: {
    values: { ...blank, to: '1' },
    fieldErrors: {
      symbol: 'Enter the symbol.',
      to: 'A split gives more shares than before: enter more than 1.',
      exDate: 'Enter the ex-date.',
    },
  },
  play: async () => {
    const d = await dialog();
    const to = within(d).getByRole('textbox', { name: /Shares after/ });
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(to).toHaveAccessibleDescription('A split gives more shares than before: enter more than 1.');
  },
};

export const AddFailed: Story = {
  args: {
    values: { ...blank, symbol: 'BAJFINANCE', to: '2', exDate: '2025-06-16' },
    serviceError: 'BAJFINANCE already has a split on 16 Jun 2025.',
  },
  play: async () => {
    const d = await dialog();
    await expect(await within(d).findByRole('alert')).toHaveTextContent(
      'BAJFINANCE already has a split on 16 Jun 2025.',
    );
  },
};

export const Empty: Story = {
  args: { actions: [] },
  play: async () => {
    const d = await dialog();
    await expect(within(d).getByText('No corporate actions yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { status: 'loading', actions: [] },
  play: async () => {
    const d = await dialog();
    await expect(within(d).getByRole('status')).toHaveTextContent('Loading corporate actions…');
  },
};

export const LoadError: Story = {
  args: { status: 'error', actions: [], error: 'Failed to fetch' },
  play: async () => {
    const d = await dialog();
    const alert = await within(d).findByRole('alert');
    await expect(alert).toHaveTextContent('Your corporate actions could not be loaded');
    await expect(alert).toHaveTextContent('Failed to fetch');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
