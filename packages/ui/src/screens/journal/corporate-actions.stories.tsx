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
];

const blank: CorporateActionValues = { symbol: '', kind: 'split', from: '1', to: '', exDate: '' };

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
  title: 'Screens/Journal/Splits and bonuses',
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

const dialog = () => screen.findByRole('dialog', { name: 'Splits and bonuses' });

export const List: Story = {
  play: async () => {
    const d = await dialog();
    await expect(d).toHaveAccessibleDescription(
      /Split 1:5: every share becomes 5\. Bonus 1:1: one new share for every share held\./,
    );
    await expect(d).toHaveAccessibleDescription(/adjusted on the ex-date/);
    const table = within(d).getByRole('table', { name: 'Splits and bonuses, newest ex-date first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((c) => c.textContent));
    await expect(rows).toEqual([
      ['HDFCBANK', 'Bonus 1:1', '26 Aug 2025'],
      ['BAJFINANCE', 'Split 1:2', '16 Jun 2025'],
      ['NESTLEIND', 'Split 1:10', '5 Jan 2024'],
      ['INFY', 'Bonus 1:1', '25 Oct 2018'],
    ]);
  },
};

export const AddSplit: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    const form = within(d).getByRole('form', { name: 'Add a split or bonus' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Symbol/ }), 'bajfinance');
    await userEvent.type(within(form).getByRole('textbox', { name: /Shares after/ }), '5');
    await expect(within(form).getByText('Every share becomes 5.')).toBeVisible();
    await userEvent.type(within(form).getByLabelText(/Ex-date/), '2025-06-16');
    await userEvent.click(within(form).getByRole('button', { name: 'Add split' }));
    await expect(args.onAdd).toHaveBeenCalledWith({
      symbol: 'BAJFINANCE',
      kind: 'split',
      from: '1',
      to: '5',
      exDate: '2025-06-16',
    });
  },
};

export const AddBonus: Story = {
  args: { values: { ...blank, kind: 'bonus', symbol: 'WIPRO' } },
  play: async ({ args }) => {
    const d = await dialog();
    const form = within(d).getByRole('form', { name: 'Add a split or bonus' });
    // A bonus reads as announced: new shares first, then the shares held that earn them.
    const fields = within(form)
      .getAllByRole('textbox')
      .map((f) => f.getAttribute('id'))
      .map((id) => form.querySelector(`label[for="${id}"]`)?.textContent);
    await expect(fields).toEqual(['Symbol*', 'New shares*', 'Shares held*']);
    await userEvent.type(within(form).getByRole('textbox', { name: /New shares/ }), '1');
    await userEvent.clear(within(form).getByRole('textbox', { name: /Shares held/ }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Shares held/ }), '3');
    await expect(within(form).getByText('One new share for every 3 shares held.')).toBeVisible();
    await userEvent.type(within(form).getByLabelText(/Ex-date/), '2019-03-06');
    await userEvent.click(within(form).getByRole('button', { name: 'Add bonus' }));
    await expect(args.onAdd).toHaveBeenCalledWith({
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

export const Adding: Story = {
  args: { values: { symbol: 'BAJFINANCE', kind: 'split', from: '1', to: '2', exDate: '2025-06-16' }, adding: true },
  play: async () => {
    const d = await dialog();
    await expect(within(d).getByRole('button', { name: 'Add split' })).toBeDisabled();
  },
};

export const FieldErrors: Story = {
  args: {
    values: { symbol: '', kind: 'split', from: '1', to: '1', exDate: '' },
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
    values: { symbol: 'BAJFINANCE', kind: 'split', from: '1', to: '2', exDate: '2025-06-16' },
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
    await expect(within(d).getByText('No splits or bonuses yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { status: 'loading', actions: [] },
  play: async () => {
    const d = await dialog();
    await expect(within(d).getByRole('status')).toHaveTextContent('Loading splits and bonuses…');
  },
};

export const LoadError: Story = {
  args: { status: 'error', actions: [], error: 'Failed to fetch' },
  play: async () => {
    const d = await dialog();
    const alert = await within(d).findByRole('alert');
    await expect(alert).toHaveTextContent('Your splits and bonuses could not be loaded');
    await expect(alert).toHaveTextContent('Failed to fetch');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
