import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../components/app-shell';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { BrokerChargesCard, type BrokerChargesCardProps, type BrokerChargesValues } from './broker-charges';
import { ProfileScreen } from './profile';

const meta = {
  title: 'Screens/Account/Broker charges',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/profile' },
} satisfies Meta<PageStoryArgs>;

export default meta;
type Story = StoryObj<PageStoryArgs>;

const zerodha: BrokerChargesValues = {
  broker: 'zerodha',
  intradayPct: '0.03',
  intradayCap: '20',
  deliveryPct: '0',
  deliveryCap: '',
  futuresPct: '0.03',
  futuresCap: '20',
  optionsPerOrder: '20',
  dpPerSell: '15.34',
  dpIncludesGst: true,
  residenceState: '',
};

const states = [
  { code: 'DL', name: 'Delhi' },
  { code: 'GJ', name: 'Gujarat' },
  { code: 'KA', name: 'Karnataka' },
  { code: 'MH', name: 'Maharashtra' },
  { code: 'TN', name: 'Tamil Nadu' },
  { code: 'WB', name: 'West Bengal' },
];
const places = { states, defaultStateName: 'Maharashtra' };

function Card(props: Partial<BrokerChargesCardProps>) {
  const [values, setValues] = useState(props.values ?? zerodha);
  return (
    <div className="mx-auto max-w-3xl p-6">
      <BrokerChargesCard {...places} {...props} values={values} onChange={setValues} />
    </div>
  );
}

const submit = fn();

export const OnProfile: Story = {
  render: () => (
    <AppShell userName="Priya Sharma">
      <ProfileScreen
        email="priya@example.in"
        fullName="Priya Sharma"
        brokerCharges={{ values: zerodha, onSubmit: submit, ...places }}
      />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('form', { name: 'Broker charges' }));
    await userEvent.click(card.getByRole('button', { name: 'Save broker charges' }));
    await expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ intradayCap: '20', dpPerSell: '15.34', dpIncludesGst: true, residenceState: '' }),
    );
  },
};

export const Editing: Story = {
  render: () => <Card onSubmit={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cap = canvas.getByRole('textbox', { name: 'Intraday cap per order (₹)' });
    await userEvent.clear(cap);
    await userEvent.type(cap, '15');
    await expect(cap).toHaveValue('15');
  },
};

const submitDp = fn();
export const DpChargeBeforeGst: Story = {
  render: () => <Card onSubmit={submitDp} dpChargeFrom="2026-12-03" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dp = canvas.getByRole('textbox', { name: 'DP charge per stock and day of sale (₹)' });
    await expect(dp).toHaveAccessibleDescription(
      "Charged once for each stock sold from your demat on a day, whatever the quantity. Enter it as your broker's charges page states it: Zerodha's ₹15.34 includes 18% GST (₹13 + ₹2.34); most brokers state it before GST. It applies to sales from 3 December 2026; earlier sales are charged Zerodha's DP charge of their day.",
    );
    // Dhan states ₹12.5 before GST: the trader types it as stated and unticks the box.
    await userEvent.clear(dp);
    await userEvent.type(dp, '12.5');
    const gst = canvas.getByRole('checkbox', { name: 'This amount includes GST' });
    await expect(gst).toBeChecked();
    gst.focus();
    await userEvent.keyboard(' ');
    await expect(gst).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Save broker charges' }));
    await expect(submitDp).toHaveBeenCalledWith(expect.objectContaining({ dpPerSell: '12.5', dpIncludesGst: false }));
  },
};

const submitState = fn();
export const StateOfResidence: Story = {
  render: () => <Card onSubmit={submitState} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const state = canvas.getByRole('combobox', { name: 'State of residence' });
    await expect(state).toHaveTextContent('Not chosen');
    await expect(state).toHaveAccessibleDescription(
      "Before 1 Jul 2020 stamp duty was charged at your state's rates. Left empty, Maharashtra's rates are used.",
    );
    await userEvent.click(state);
    await userEvent.click(await screen.findByRole('option', { name: 'Karnataka' }));
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'State of residence' })).toHaveTextContent('Karnataka'),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Save broker charges' }));
    await expect(submitState).toHaveBeenCalledWith(expect.objectContaining({ residenceState: 'KA' }));
  },
};

export const Loading: Story = {
  render: () => <Card status="loading" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading broker charges…');
  },
};

export const Saving: Story = {
  render: () => <Card status="saving" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
};

export const Saved: Story = {
  render: () => (
    <Card saved="Broker charges saved. New estimates use them; rebuild your journal below to re-charge the trades you have." />
  ),
};

export const FieldErrors: Story = {
  render: () => (
    <Card
      values={{ ...zerodha, intradayPct: '20', optionsPerOrder: '' }}
      fieldErrors={{
        intradayPct: 'At most 5%: brokerage is a small share of turnover.',
        optionsPerOrder: 'Enter a number (0 for none).',
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const pct = within(canvasElement).getByRole('textbox', { name: 'Equity intraday brokerage (%)' });
    await expect(pct).toHaveAttribute('aria-invalid', 'true');
  },
};

export const SaveError: Story = {
  render: () => <Card serviceError="Could not save: new row violates row-level security policy." />,
};
