import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/app-shell';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { emptyTrade, TradeFormScreen, type TradeFormScreenProps, type TradeFormValues } from './trade-form';

const meta = {
  title: 'Screens/Journal/Trade form',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/trade-form' },
} satisfies Meta<PageStoryArgs>;

export default meta;
type Story = StoryObj<PageStoryArgs>;

const playbooks = ['Opening range breakout', 'VWAP rejection', 'Expiry-day straddle'];
const filled: TradeFormValues = {
  symbol: 'NIFTY 27 JAN 24500 CE',
  segment: 'options',
  side: 'long',
  quantity: '65',
  entry: '112.40',
  exit: '162.40',
  stop: '92.00',
  entryAt: '2026-01-27T10:02',
  exitAt: '2026-01-27T10:41',
  playbook: 'Opening range breakout',
  emotion: 'Calm',
  notes: 'Clean break of the 15-minute range on rising volume. Trailed under the 5-minute swing low.',
};

function Form(props: Partial<TradeFormScreenProps> & { initial?: TradeFormValues }) {
  const [values, setValues] = useState(props.initial ?? emptyTrade);
  return (
    <AppShell title="Trades" userName="Priya Sharma">
      <TradeFormScreen playbooks={playbooks} values={values} onChange={setValues} {...props} />
    </AppShell>
  );
}

const submit = fn();

export const Create: Story = {
  render: () => <Form onSubmit={submit} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Symbol' }), 'SUZLON');
    canvas.getByRole('combobox', { name: 'Segment' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: 'Equity intraday' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '450');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Entry price (₹)' }), '67.50');
    await userEvent.click(canvas.getByRole('button', { name: 'Save trade' }));
    await expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ symbol: 'SUZLON', segment: 'equity-intraday', quantity: '450', entry: '67.50' }),
    );
  },
};
export const Edit: Story = {
  args: { routePath: '/trade-form/:id', routeParams: { id: 't1' } },
  render: () => <Form tradeId="t1" initial={filled} />,
};
export const EditLoading: Story = {
  args: { routePath: '/trade-form/:id', routeParams: { id: 't1' } },
  render: () => <Form tradeId="t1" status="loading" />,
};
export const Saving: Story = { render: () => <Form initial={filled} status="saving" /> };
export const FieldErrors: Story = {
  render: () => (
    <Form
      initial={{ ...filled, stop: '120.00' }}
      fieldErrors={{ stop: 'For a long trade the stop must be below the entry price.' }}
    />
  ),
};
export const ServiceError: Story = {
  render: () => <Form initial={filled} serviceError="Could not save the trade. Check your connection and try again." />,
};
export const CreateMobile: Story = { render: () => <Form />, globals: { viewport: { value: 'mobile' } } };
export const EditDark: Story = { ...Edit, globals: { theme: 'dark' } };
