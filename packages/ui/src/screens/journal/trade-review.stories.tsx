import type { Meta } from '@storybook/react-vite';
import { useLocation } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { chartScreenshot } from '../../fixtures/chart-screenshot';
import { Shell, type AreaStory as Story } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { type TradeReview, TradeReviewScreen, type TradeReviewScreenProps } from './trade-review';

const meta = {
  title: 'Screens/Journal/Trade review',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/trades/:id', routeParams: { id: 't1' } },
} satisfies Meta<PageStoryArgs>;
export default meta;

// Worked by hand: NIFTY 24500 CE, 65 bought at 112.00 and 65 at 113.00 (average 112.50) from 09:30 IST, all 130 sold at
// 140.25 at 12:00 IST. Gross 130 × 27.75 = 3,607.50; charges 40.00 + 18.23 + 11.51 + 9.28 + 0.44 + 0.03 = 79.49;
// net 3,528.01. Stop 100: (140.25 − 112.50) / (112.50 − 100) = 2.22R. Held 2 h 30 min.
const review: TradeReview = {
  id: 't1',
  symbol: 'NIFTY26AUG24500CE',
  exchange: 'NSE',
  segment: 'options',
  product: 'intraday',
  side: 'long',
  quantity: 130,
  status: 'closed',
  entryTime: '2026-08-03T04:00:00Z',
  exitTime: '2026-08-03T06:30:00Z',
  entryPrice: 112.5,
  exitPrice: 140.25,
  stopLoss: 100,
  target: 150,
  grossPnl: 3607.5,
  charges: 79.49,
  chargeLines: [
    { label: 'Brokerage', amount: 40 },
    { label: 'STT', amount: 18.23 },
    { label: 'Exchange transaction', amount: 11.51 },
    { label: 'GST', amount: 9.28 },
    { label: 'Stamp duty', amount: 0.44 },
    { label: 'SEBI fee', amount: 0.03 },
  ],
  chargesSource: 'broker',
  netPnl: 3528.01,
  rMultiple: 27.75 / 12.5,
  playbook: {
    name: 'Opening range breakout',
    rules: [
      { id: 'r1', text: 'Wait for the 15-minute range', followed: true },
      { id: 'r2', text: 'Stop below the range', followed: false },
      { id: 'r3', text: 'Out by 15:00', followed: true },
    ],
  },
  tags: ['expiry', 'A+ setup'],
  emotionsBefore: ['calm'],
  emotionsAfter: ['satisfied'],
  mistakes: ['moved stop'],
  rating: 4,
  notes: 'Waited for the range to break, added on the retest.',
  fills: [
    {
      id: 'f1',
      side: 'buy',
      kind: 'fill',
      quantity: 65,
      price: 112,
      executedAt: '2026-08-03T04:00:00Z',
      dateUnknown: false,
      brokerTradeId: '1001',
      brokerOrderId: '1300000000501',
    },
    {
      id: 'f2',
      side: 'buy',
      kind: 'fill',
      quantity: 65,
      price: 113,
      executedAt: '2026-08-03T04:01:00Z',
      dateUnknown: false,
      brokerTradeId: '1002',
      brokerOrderId: '1300000000501',
    },
    {
      id: 'f3',
      side: 'sell',
      kind: 'fill',
      quantity: 130,
      price: 140.25,
      executedAt: '2026-08-03T06:30:00Z',
      dateUnknown: false,
      brokerTradeId: '1188',
      brokerOrderId: '1300000000920',
    },
  ],
  screenshots: [
    { id: 's1', src: chartScreenshot('#4ade80'), caption: 'Breakout of the opening range' },
    { id: 's2', src: chartScreenshot('#818cf8'), caption: '' },
  ],
};

const common: TradeReviewScreenProps = {
  status: 'ready',
  trade: review,
  backHref: '/trades?symbol=NIFTY',
  previous: { href: '/trades/t0', label: 'SUZLON, 3 Aug 2026, 09:20' },
  next: { href: '/trades/t2', label: 'BANKNIFTY26AUGFUT, 4 Aug 2026, 10:40' },
  onSaveNotes: fn(async () => {}),
};

/** Where the router is, so a story can show that a key or link took the trader somewhere. */
function Location() {
  const location = useLocation();
  return (
    <output aria-label="Location" className="sr-only">
      {location.pathname}
    </output>
  );
}

const render = (props: Partial<TradeReviewScreenProps>) => (
  <Shell>
    <TradeReviewScreen {...common} {...props} />
    <Location />
  </Shell>
);

/** The value a figure card shows under its label. */
function figure(canvasElement: HTMLElement, label: string) {
  const result = within(within(canvasElement).getByRole('region', { name: 'Result' }));
  return result.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

export const Populated: Story = {
  render: () => render({}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'NIFTY26AUG24500CE' })).toBeVisible();
    await expect(canvas.getByText('Long 130 · Options · Intraday · NSE')).toBeVisible();
    await expect(figure(canvasElement, 'Net P&L')).toHaveTextContent('+₹3,528.01');
    await expect(figure(canvasElement, 'Gross P&L')).toHaveTextContent('+₹3,607.50');
    await expect(figure(canvasElement, 'Charges')).toHaveTextContent('₹79.49');
    await expect(canvas.getByText('From the contract note')).toBeVisible();
    await expect(figure(canvasElement, 'R-multiple')).toHaveTextContent('+2.22R');
    await expect(figure(canvasElement, 'Holding time')).toHaveTextContent('2 h 30 min');
    await expect(canvas.getByText('3 Aug 2026, 09:30 to 3 Aug 2026, 12:00')).toBeVisible();

    // Three fills, the two buys averaging the entry: 65 × 112.00 = 7,280.00 and 65 × 113.00 = 7,345.00.
    const fills = within(canvas.getByRole('region', { name: 'Fills' }));
    const rows = fills.getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('3 Aug 2026, 09:30Buy65112.00₹7,280.001001 / 1300000000501');
    await expect(rows[2]).toHaveTextContent('Sell130140.25₹18,232.50');

    const charges = within(canvas.getByRole('table', { name: 'Charges' }));
    await expect(charges.getByRole('row', { name: 'STT ₹18.23' })).toBeVisible();
    await expect(charges.getByRole('row', { name: 'Total ₹79.49' })).toBeVisible();

    await expect(canvas.getByText('2 of 3 rules followed')).toBeVisible();
    const checklist = within(canvas.getByRole('list', { name: 'Checklist' }));
    await expect(checklist.getAllByRole('listitem')[1]).toHaveTextContent('BrokenStop below the range');
    await expect(canvas.getByText('4 of 5')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Breakout of the opening range' })).toBeVisible();

    await expect(canvas.getByRole('link', { name: 'Edit trade' })).toHaveAttribute('href', '/trade-form/t1');
    // Back to the list with its filters.
    await expect(canvas.getByRole('link', { name: 'Back to trades' })).toHaveAttribute('href', '/trades?symbol=NIFTY');
  },
};

/** ← and → step through the list the review came from, as the links beside the back link do. */
export const KeyboardPreviousNext: Story = {
  render: () => render({}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = canvas.getByRole('link', { name: 'Next trade: BANKNIFTY26AUGFUT, 4 Aug 2026, 10:40' });
    await expect(next).toHaveAttribute('aria-keyshortcuts', 'ArrowRight');
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('status', { name: 'Location' })).toHaveTextContent('/trades/t2'));
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(canvas.getByRole('status', { name: 'Location' })).toHaveTextContent('/trades/t0'));

    // While typing a note the arrows move the caret, not the page.
    const notes = canvas.getByRole('textbox', { name: /Notes/ });
    await userEvent.click(notes);
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('status', { name: 'Location' })).toHaveTextContent('/trades/t0');
  },
};

/** The first trade of the list has no previous trade: the link is shown, dimmed, and does nothing. */
export const FirstOfTheList: Story = {
  render: () => render({ previous: undefined }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('link', { name: /Previous trade/ })).toBeNull();
    await expect(canvas.getByText('Previous trade')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('status', { name: 'Location' })).toHaveTextContent('/trades/t1');
  },
};

const onSaveNotes = fn(async (_notes: string) => {});
export const NotesSaved: Story = {
  render: () => render({ onSaveNotes }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole('button', { name: 'Save notes' });
    await expect(save).toBeDisabled();
    const notes = canvas.getByRole('textbox', { name: /Notes/ });
    await userEvent.type(notes, ' Took profit too early.');
    await userEvent.click(save);
    await expect(onSaveNotes).toHaveBeenCalledWith(
      'Waited for the range to break, added on the retest. Took profit too early.',
    );
    await expect(await canvas.findByText('Notes saved.')).toBeVisible();
    await expect(save).toBeDisabled();
  },
};

export const NotesNotSaved: Story = {
  render: () =>
    render({
      onSaveNotes: async () => {
        throw new Error('You are offline. Check your connection and try again.');
      },
    }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notes = canvas.getByRole('textbox', { name: /Notes/ });
    await userEvent.clear(notes);
    await userEvent.type(notes, 'Chased the gap.');
    await userEvent.click(canvas.getByRole('button', { name: 'Save notes' }));
    await expect(
      await canvas.findByText('Could not save the notes: You are offline. Check your connection and try again.'),
    ).toBeVisible();
    // What was typed stays, to save again.
    await expect(notes).toHaveValue('Chased the gap.');
    await expect(notes).toHaveAttribute('aria-invalid', 'true');
  },
};

// RELIANCE, 20 bought at 1,400.00 on 5 August at 10:00 IST and still held: no P&L, no R, no holding time yet.
const open: TradeReview = {
  ...review,
  id: 't4',
  symbol: 'RELIANCE',
  segment: 'equity',
  product: 'delivery',
  quantity: 20,
  status: 'open',
  entryTime: '2026-08-05T04:30:00Z',
  exitTime: null,
  entryPrice: 1400,
  exitPrice: null,
  stopLoss: 1350,
  target: null,
  grossPnl: null,
  netPnl: null,
  rMultiple: null,
  charges: 8.62,
  chargeLines: [{ label: 'Not itemised', amount: 8.62 }],
  chargesSource: 'estimated',
  fills: [],
  playbook: null,
  tags: [],
  emotionsBefore: [],
  emotionsAfter: [],
  mistakes: [],
  rating: null,
  notes: null,
  screenshots: [],
};

export const Open: Story = {
  render: () => render({ trade: open }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Open', { selector: '[data-slot=badge]' })).toBeVisible();
    await expect(figure(canvasElement, 'Net P&L')).toHaveTextContent('Open');
    await expect(figure(canvasElement, 'R-multiple')).toHaveTextContent('—');
    await expect(canvas.getByText('When closed')).toBeVisible();
    await expect(figure(canvasElement, 'Holding time')).toHaveTextContent('Open');
    await expect(canvas.getByText('Since 5 Aug 2026, 10:00')).toBeVisible();
    await expect(canvas.getByText('Estimated')).toBeVisible();
    await expect(canvas.getByText('Typed by hand: the entry and exit above are its fills.')).toBeVisible();
    await expect(canvas.getByText('No playbook. Choose one with Edit trade.')).toBeVisible();
    await expect(canvas.getByText('Not rated')).toBeVisible();
    await expect(canvas.getByText('No screenshots. Add a chart with Edit trade.')).toBeVisible();
  },
};

// 50 TATAMOTORS sold at 1,012.40, bought before the imported history: its opening lot has no date and no price yet.
export const MissingCostBasis: Story = {
  render: () =>
    render({
      trade: {
        ...open,
        id: 'mc1',
        symbol: 'TATAMOTORS',
        quantity: 50,
        status: 'missing_cost',
        entryTime: '2026-08-06T04:15:00Z',
        exitTime: '2026-08-06T04:15:00Z',
        entryPrice: null,
        exitPrice: 1012.4,
        stopLoss: null,
        charges: 62.18,
        chargeLines: [{ label: 'Not itemised', amount: 62.18 }],
        fills: [
          {
            id: 'f9',
            side: 'sell',
            kind: 'fill',
            quantity: 50,
            ofQuantity: 80,
            price: 1012.4,
            executedAt: '2026-08-06T04:15:00Z',
            dateUnknown: false,
            brokerTradeId: '7001',
            brokerOrderId: null,
          },
        ],
      },
    }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Cost basis missing', { selector: '[data-slot=alert] *' })).toBeVisible();
    await expect(figure(canvasElement, 'Net P&L')).toHaveTextContent('No cost basis');
    await expect(figure(canvasElement, 'R-multiple')).toHaveTextContent('—');
    await expect(canvas.getByText('No stop loss was set')).toBeVisible();
    await expect(canvas.getByText('Bought before your imported history')).toBeVisible();
    // 50 of a fill of 80: the rest of it closed another trade.
    const fill = within(canvas.getByRole('region', { name: 'Fills' })).getAllByRole('row')[1] as HTMLElement;
    await expect(fill).toHaveTextContent('50of 80');
  },
};

/** On a phone the result leads: net P&L across the width, the other figures two by two, the fills in their own frame. */
export const Mobile: Story = {
  render: () => render({}),
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const net = figure(canvasElement, 'Net P&L').closest('[data-slot=stat]') as HTMLElement;
    const gross = figure(canvasElement, 'Gross P&L').closest('[data-slot=stat]') as HTMLElement;
    await expect(net.getBoundingClientRect().width).toBeGreaterThan(gross.getBoundingClientRect().width * 1.8);
    const fills = within(canvasElement).getByRole('region', { name: 'Fills' });
    await expect(fills.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    // Scrolled to the ids, each fill still shows its time: the first column is pinned.
    fills.scrollLeft = fills.scrollWidth;
    const time = within(fills).getByText('3 Aug 2026, 09:31').closest('td') as HTMLElement;
    await expect(Math.round(time.getBoundingClientRect().left)).toBe(
      Math.round(fills.getBoundingClientRect().left + fills.clientLeft),
    );
    fills.scrollLeft = 0;
  },
};

export const Loading: Story = {
  render: () => render({ status: 'loading', trade: undefined }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Trade review' })).toBeVisible();
    await expect(canvas.getByText('Loading the trade…')).toBeInTheDocument();
  },
};

const onRetry = fn();
export const ErrorState: Story = {
  render: () => render({ status: 'error', trade: undefined, errorDetail: 'Failed to fetch', onRetry }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Trade review' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toBeVisible();
  },
};

export const NotFound: Story = {
  render: () => render({ status: 'not-found', trade: undefined, previous: undefined, next: undefined }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Trade not found')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to trades' })).toHaveAttribute('href', '/trades?symbol=NIFTY');
  },
};
