import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Shell } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { OpeningPositionDialog, type OpeningPositionDialogProps, type OpeningPositionValues } from './opening-position';

type Args = OpeningPositionDialogProps & PageStoryArgs;

const empty: OpeningPositionValues = { broker: '', symbol: '', quantity: '', price: '', heldOn: '' };
const typed: OpeningPositionValues = {
  broker: 'zerodha',
  symbol: 'RELIANCE',
  quantity: '40',
  price: '2,412.35',
  heldOn: '2024-03-28',
};

/** The dialog as the app drives it: the values live outside, each change comes back in. */
function Stateful(args: Args) {
  const [values, setValues] = useState(args.values);
  return (
    <Shell>
      <OpeningPositionDialog
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
  title: 'Screens/Journal/Opening position',
  component: OpeningPositionDialog,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: {
    routePath: '/trades',
    open: true,
    onOpenChange: fn(),
    values: empty,
    onChange: fn(),
    onSubmit: fn(),
    status: 'idle',
    brokers: [
      { id: 'zerodha', label: 'Zerodha' },
      { id: 'dhan', label: 'Dhan' },
      { id: 'upstox', label: 'Upstox' },
      { id: 'angelone', label: 'Angel One' },
    ],
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

const dialog = () => screen.findByRole('dialog', { name: 'Add an opening position' });

export const Filling: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expect(d).toHaveAccessibleDescription(
      'Shares you held before your imported history. Their cost gives the sales after them a P&L.',
    );
    // Every field by keyboard: the broker list opens with the keyboard, the rest are typed.
    const broker = within(d).getByRole('combobox', { name: /Broker/ });
    broker.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: 'Zerodha' }));
    await userEvent.type(within(d).getByRole('textbox', { name: /Symbol/ }), 'reliance');
    await userEvent.type(within(d).getByRole('textbox', { name: /Shares held/ }), '40');
    await userEvent.type(within(d).getByRole('textbox', { name: /Average cost per share \(₹\)/ }), '2412.35');
    const heldOn = within(d).getByLabelText(/Held on/);
    await expect(heldOn).toHaveAccessibleDescription('The day you bought them, or any day before the first sale.');
    await userEvent.type(heldOn, '2024-03-28');
    await userEvent.click(within(d).getByRole('button', { name: 'Add opening position' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      broker: 'zerodha',
      symbol: 'RELIANCE',
      quantity: '40',
      price: '2412.35',
      heldOn: '2024-03-28',
    });
  },
};

export const Saving: Story = {
  args: { values: typed, status: 'saving' },
  play: async () => {
    const d = await dialog();
    await expect(within(d).getByRole('button', { name: 'Add opening position' })).toBeDisabled();
    await expect(within(d).getByRole('textbox', { name: /Symbol/ })).toBeDisabled();
    await expect(within(d).queryByRole('button', { name: 'Close' })).toBeNull();
  },
};

export const FieldErrors: Story = {
  args: {
    values: { ...typed, quantity: '0', heldOn: '2026-12-01' },
    fieldErrors: {
      quantity: 'Enter the number of shares held, more than 0.',
      heldOn: 'Held on must be before the first sale of RELIANCE on 3 April 2024.',
    },
  },
  play: async () => {
    const d = await dialog();
    const quantity = within(d).getByRole('textbox', { name: /Shares held/ });
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect(quantity).toHaveAccessibleDescription('Enter the number of shares held, more than 0.');
    await expect(within(d).getByLabelText(/Held on/)).toHaveAttribute('aria-invalid', 'true');
  },
};

export const ServiceError: Story = {
  args: { values: typed, serviceError: 'Could not save: the network is offline.' },
  play: async () => {
    const d = await dialog();
    const alert = await within(d).findByRole('alert');
    await expect(alert).toHaveTextContent('The opening position was not added');
    await expect(alert).toHaveTextContent('Could not save: the network is offline.');
  },
};

export const Cancel: Story = {
  args: { values: typed },
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Mobile: Story = { args: { values: typed }, globals: { viewport: { value: 'mobile' } } };
export const Dark: Story = { args: { values: typed }, globals: { theme: 'dark' } };
