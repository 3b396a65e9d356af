import { type ChargeLeg, DISCOUNT_BROKER, estimateCharges } from '@bahi/trading';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { Shell } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import {
  type TradeChargesPreview,
  TradeFormScreen,
  type TradeFormScreenProps,
  type TradeFormValues,
} from './trade-form';

const meta = {
  title: 'Screens/Journal/Trade form',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/trade-form' },
} satisfies Meta<PageStoryArgs>;

export default meta;
type Story = StoryObj<PageStoryArgs>;

const playbooks = [
  {
    id: 'p1',
    name: 'Opening range breakout',
    rules: [
      { id: 'r1', text: 'Wait for the first 15-minute candle to close' },
      { id: 'r2', text: 'Stop below the range low' },
      { id: 'r3', text: 'No entries after 11:00' },
    ],
  },
  { id: 'p2', name: 'VWAP rejection' },
];

const blank: TradeFormValues = {
  exchange: 'NSE',
  segment: 'equity',
  product: 'intraday',
  side: 'long',
  symbol: '',
  underlying: '',
  expiry: '',
  strike: '',
  optionType: 'CE',
  lotSize: '',
  lots: '',
  quantity: '',
  entryPrice: '',
  exitPrice: '',
  entryAt: '2026-11-20T10:22',
  exitAt: '',
  stopLoss: '',
  target: '',
  playbookId: '',
  tags: '',
  emotionsBefore: [],
  emotionsAfter: [],
  mistakes: [],
  rating: '',
  notes: '',
};

const suzlon: TradeFormValues = {
  ...blank,
  symbol: 'SUZLON',
  quantity: '450',
  entryPrice: '67.50',
  exitPrice: '70.00',
  exitAt: '2026-11-20T14:05',
  stopLoss: '66.20',
  target: '71.00',
  playbookId: 'p1',
  tags: 'breakout, wind energy',
  emotionsBefore: ['Calm', 'Focused'],
  emotionsAfter: ['Confident'],
  rating: '4',
  notes: 'Clean break of the 15-minute range on rising volume.',
};

const niftyCall: TradeFormValues = {
  ...blank,
  segment: 'options',
  underlying: 'NIFTY',
  expiry: '2026-11-24',
  strike: '24500',
  lotSize: '65',
  lots: '2',
  entryPrice: '112.40',
  exitPrice: '162.40',
  entryAt: '2026-11-20T10:02',
  exitAt: '2026-11-20T10:41',
};

// The app estimates with its own rules module (IST dates, DP charges, two-day trades); the stories need only a
// same-day round trip on the discount broker, straight from @bahi/trading.
function preview(v: TradeFormValues): TradeChargesPreview | undefined {
  const units = v.segment === 'equity' ? Number(v.quantity) : Number(v.lots) * Number(v.lotSize);
  const entry = Number(v.entryPrice);
  if (!Number.isInteger(units) || units <= 0 || !(entry > 0)) return undefined;
  const exit = v.exitPrice ? Number(v.exitPrice) : undefined;
  const segment =
    v.segment === 'equity' ? (v.product === 'delivery' ? 'equity-delivery' : 'equity-intraday') : v.segment;
  const legs: ChargeLeg[] = [{ side: 'buy', quantity: units, price: entry }];
  if (exit !== undefined) legs.push({ side: 'sell', quantity: units, price: exit });
  const c = estimateCharges(
    { exchange: v.exchange, segment, tradeDate: v.entryAt.slice(0, 10), legs },
    DISCOUNT_BROKER,
  );
  const gross = exit === undefined ? undefined : Math.round((exit - entry) * units * 100) / 100;
  return {
    ...c,
    dp: 0,
    grossPnl: gross,
    netPnl: gross === undefined ? undefined : Math.round((gross - c.total) * 100) / 100,
  };
}

function Form(props: Partial<TradeFormScreenProps> & { initial?: TradeFormValues }) {
  const [values, setValues] = useState(props.initial ?? blank);
  const [followed, setFollowed] = useState<string[]>(['r1']);
  const fo = values.segment !== 'equity';
  return (
    <Shell>
      <TradeFormScreen
        playbooks={playbooks}
        rulesFollowed={followed}
        onRulesFollowedChange={setFollowed}
        values={values}
        onChange={setValues}
        charges={preview(values)}
        brokerName="Discount broker (Zerodha schedule)"
        tagSuggestions={['breakout', 'gap-up', 'expiry day', 'news']}
        units={fo ? Number(values.lots) * Number(values.lotSize) || undefined : undefined}
        lotSizeSource={fo && values.lotSize ? 'NSE lot-size table, expiries from 1 Jan 2026.' : undefined}
        {...props}
      />
    </Shell>
  );
}

const submit = fn();

export const CreateEmpty: Story = {
  render: () => <Form onSubmit={submit} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Add trade', level: 1 })).toBeVisible();
    // Defaults: NSE, equity, intraday, long.
    await expect(canvas.getByRole('radio', { name: 'NSE' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Intraday' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Long (buy first)' })).toBeChecked();
    await expect(canvas.getByText('Enter the quantity and prices to see the charges.')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Symbol' }), 'SUZLON');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '450');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Entry price (₹)' }), '67.50');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Exit price (₹)' }), '70');
    // Hand-worked in the app's rules test: ₹33.12 of charges (NSE rates from 1 Mar 2026), ₹1,125 gross, ₹1,091.88 net.
    const panel = within(canvas.getByRole('region', { name: 'Estimated charges' }));
    await expect(await panel.findByText('₹33.12')).toBeVisible();
    await expect(panel.getByText('+₹1,091.88')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save trade' }));
    await expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({ symbol: 'SUZLON', segment: 'equity', quantity: '450', entryPrice: '67.50' }),
    );
  },
};

export const FilledWithLiveCharges: Story = {
  render: () => <Form initial={suzlon} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Total charges')).toBeVisible();
    const before = within(canvas.getByRole('group', { name: 'Emotions before' }));
    await expect(before.getByRole('button', { name: 'Calm', pressed: true })).toBeVisible();
    await userEvent.click(before.getByRole('button', { name: 'FOMO' }));
    await expect(before.getByRole('button', { name: 'FOMO', pressed: true })).toBeVisible();
    // 'breakout' is already in the field, so only the others are offered.
    await expect(canvas.queryByRole('button', { name: 'Add tag breakout' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Add tag gap-up' }));
    await expect(canvas.getByRole('textbox', { name: 'Tags' })).toHaveValue('breakout, wind energy, gap-up');
  },
};

/** A trade before 1 Jul 2020 by a trader with no state set: the estimate says what it assumed, and where to set it. */
export const EstimatedStampDuty: Story = {
  render: () => (
    <Form
      initial={{ ...suzlon, entryAt: '2019-06-03T10:22', exitAt: '2019-06-03T14:05' }}
      chargesSourceNote="These charges are an estimate: stamp duty at Maharashtra's rate (your state is not set)."
      chargesSourceLink={{ label: 'Set your state on your profile', href: '/profile#broker-charges' }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText("These charges are an estimate: stamp duty at Maharashtra's rate (your state is not set)."),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Set your state on your profile' })).toHaveAttribute(
      'href',
      '/profile#broker-charges',
    );
  },
};

export const OptionsInLots: Story = {
  render: () => <Form initial={niftyCall} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('130 units')).toBeVisible();
    // 2 × ₹20 flat per order.
    await expect(canvas.getByText('₹40.00')).toBeVisible();
  },
};

export const ValidationErrors: Story = {
  render: () => (
    <Form
      initial={{ ...suzlon, stopLoss: '68.00', exitAt: '2026-11-20T09:30' }}
      fieldErrors={{
        stopLoss: 'For a long trade the stop must be below the entry price.',
        exitAt: 'The exit is before the entry.',
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const stop = canvas.getByRole('textbox', { name: 'Stop loss (₹)' });
    await expect(stop).toHaveAttribute('aria-invalid', 'true');
    await expect(stop).toHaveAccessibleDescription(
      'For a long trade the stop must be below the entry price. Needed for R-multiples.',
    );
    await expect(canvas.getByText('The exit is before the entry.')).toBeVisible();
  },
};

export const LotsNotWhole: Story = {
  render: () => (
    <Form
      initial={{ ...niftyCall, lots: '1.5' }}
      fieldErrors={{ lots: 'The quantity must be a whole number of lots: 1.5 lots of 65 is 97.5 units.' }}
    />
  ),
};

export const Saving: Story = {
  render: () => <Form initial={suzlon} status="saving" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Symbol' })).toBeDisabled();
  },
};

export const SaveError: Story = {
  render: () => <Form initial={suzlon} serviceError="Could not save the trade. Check your connection and try again." />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Could not save the trade.');
  },
};

/** Back on the form after a reload or another page: the unsaved input is restored from the tab's draft. */
export const DraftRestored: Story = {
  render: () => <Form initial={suzlon} restoredDraft={{ savedAt: '21 Nov 2026, 16:05', onDiscard: fn() }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your unsaved changes are back')).toBeVisible();
    await expect(canvas.getByText(/Kept in this tab from 21 Nov 2026, 16:05\./)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Discard them' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Symbol' })).toHaveValue('SUZLON');
  },
};

/** The same fills and times as a trade already in the journal: a warning with a link to it, and the save still allowed. */
export const DuplicateWarning: Story = {
  render: () => (
    <Form
      initial={suzlon}
      duplicate={{
        description: 'SUZLON, long: 450 at ₹67.50, entered 20 Nov 2026, 10:22, exited 20 Nov 2026, 14:05.',
        href: '/trade-form/t1',
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This trade may already be in your journal')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open it' })).toHaveAttribute('href', '/trade-form/t1');
    await expect(canvas.getByRole('button', { name: 'Save trade' })).toBeEnabled();
  },
};

/** A link clicked with unsaved changes: the prompt asks first, and says the input stays as a draft. */
export const LeavePrompt: Story = {
  render: () => <Form initial={suzlon} leavePrompt={{ onStay: fn(), onLeave: fn() }} />,
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(dialog).toHaveTextContent('Your changes stay in this tab as a draft');
    await expect(within(dialog).getByRole('button', { name: 'Stay on the form' })).toHaveFocus();
    await expect(within(dialog).getByRole('button', { name: 'Leave' })).toBeVisible();
  },
};

export const WithScreenshots: Story = {
  render: () => (
    <Form
      initial={suzlon}
      screenshots={[
        { name: 'suzlon-5m-entry.png', size: 812_000 },
        { name: 'suzlon-5m-exit.png', size: 790_000 },
      ]}
      screenshotError="notes.pdf is not a PNG, JPEG, WebP or GIF image."
    />
  ),
};

export const EditLoading: Story = {
  args: { routePath: '/trade-form/:id', routeParams: { id: 't1' } },
  render: () => <Form tradeId="t1" status="loading" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading trade…');
  },
};

export const Edit: Story = {
  args: { routePath: '/trade-form/:id', routeParams: { id: 't1' } },
  render: () => (
    <Form
      tradeId="t1"
      initial={niftyCall}
      chargesSourceNote="Saved charges are from your broker's contract note; they are re-estimated only if you change the fills."
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Edit trade', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  },
};

export const NotFound: Story = {
  args: { routePath: '/trade-form/:id', routeParams: { id: 'missing' } },
  render: () => <Form tradeId="missing" status="not-found" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Trade not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to trades' })).toHaveAttribute('href', '/trades');
  },
};

export const CreateMobile: Story = {
  render: () => <Form />,
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    // On a phone None and 1★ … 5★ share one line, each star beside its number.
    const rating = within(within(canvasElement).getByRole('group', { name: 'Rating' }));
    const options = rating.getAllByRole('radio').map((radio) => radio.closest('label') as HTMLElement);
    await expect(options.map((o) => o.textContent)).toEqual(['None', '1★', '2★', '3★', '4★', '5★']);
    const lineHeight = options[0]!.getBoundingClientRect().height;
    for (const option of options) {
      await expect(option.getBoundingClientRect().top).toBe(options[0]!.getBoundingClientRect().top);
      await expect(option.getBoundingClientRect().height).toBe(lineHeight);
    }
  },
};
/** On a phone the charges and net P&L ride along at the bottom of the screen while the prices are typed. */
export const MobileChargesWhileTyping: Story = {
  render: () => <Form initial={suzlon} />,
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const price = canvas.getByRole('textbox', { name: 'Entry price (₹)' });
    price.scrollIntoView({ block: 'center' });
    const bar = canvasElement.querySelector<HTMLElement>('[data-slot="phone-charges"]')!;
    await expect(bar).toHaveTextContent('Charges ₹33.12');
    await expect(bar).toHaveTextContent('Net P&L +₹1,091.88');
    // Pinned to the bottom of the screen, not at the end of the form.
    await expect(Math.round(bar.getBoundingClientRect().bottom)).toBeLessThanOrEqual(window.innerHeight);
    await expect(bar.getBoundingClientRect().top).toBeGreaterThan(price.getBoundingClientRect().bottom);
    window.scrollTo(0, 0);
  },
};
export const EditDark: Story = { ...Edit, globals: { theme: 'dark' } };
export const EditLoadError: Story = {
  args: { routePath: '/trade-form/:id', routeParams: { id: 't1' } },
  render: () => <Form tradeId="t1" status="error" serviceError="TypeError: Failed to fetch" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  },
};

export const PlaybookRules: Story = {
  render: () => <Form initial={{ ...suzlon, playbookId: 'p1' }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rules = canvas.getByRole('group', { name: 'Rules followed (1 of 3)' });
    await userEvent.click(within(rules).getByRole('checkbox', { name: 'Stop below the range low' }));
    await expect(canvas.getByRole('group', { name: 'Rules followed (2 of 3)' })).toBeVisible();
    await expect(within(rules).getByRole('checkbox', { name: 'No entries after 11:00' })).not.toBeChecked();
  },
};
