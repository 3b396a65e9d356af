import { calendarMonth } from '@bahi/trading';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { journalTrades, playbookNames } from '../../fixtures/journal-trades';
import { Shell } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { type CalendarDayDetail, CalendarScreen, type CalendarScreenProps } from './calendar';

type Args = CalendarScreenProps & PageStoryArgs;

const dayDetail = (date: string, note: CalendarDayDetail['note']): CalendarDayDetail => ({
  date,
  note,
  // Every fixture trade is closed on its entry day, so a day's trades are those closed on it.
  trades: journalTrades
    .filter((t) => t.exitDate === date)
    .map((t) => ({
      id: t.id,
      symbol: t.symbol,
      side: t.side,
      entryTime: t.entryTime,
      exitTime: t.exitTime,
      netPnl: t.netPnl,
      playbook: t.playbookId ? playbookNames[t.playbookId] : undefined,
    })),
});

const meta = {
  title: 'Screens/Journal/Calendar',
  component: CalendarScreen,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: {
    routePath: '/calendar',
    status: 'ready',
    month: '2026-01',
    calendar: calendarMonth(journalTrades, '2026-01'),
    monthHref: (month: string) => `/calendar?month=${month}`,
    onOpenDay: fn(),
    onRetry: fn(),
  },
  render: (args) => (
    <Shell>
      <CalendarScreen {...args} />
    </Shell>
  ),
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

export const Populated: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Daily net P&L by the day each trade closed/)).toBeVisible();
    const totals = within(canvas.getByRole('region', { name: 'Month totals' }));
    // Worked by hand in fixtures/journal-trades.ts: ten trading days, six green.
    await expect(totals.getByText('+₹11,540.00')).toBeVisible();
    await expect(totals.getByText('6 of 10')).toBeVisible();
    // Best week: Thursday 1 and Friday 2 January, +1,740 + 4,460.
    await expect(totals.getByText('+₹6,200.00')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Previous month, Dec 2025' })).toHaveAttribute(
      'href',
      '/calendar?month=2025-12',
    );
    const day = canvas.getByRole('button', { name: '5 January 2026: −₹2,050.00 net, 1 trade' });
    day.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenDay).toHaveBeenCalledWith('2026-01-05');
  },
};
export const PopulatedDark: Story = { globals: { theme: 'dark' } };

/** On a phone the cells are compact and each week's total sits under its days, so the whole week fits. */
export const PopulatedMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const calendar = within(canvasElement).getByRole('region', { name: 'January 2026 P&L calendar' });
    await expect(within(calendar).getByRole('columnheader', { name: 'Sun' })).toBeVisible();
    await expect(calendar.scrollWidth).toBeLessThanOrEqual(calendar.clientWidth);
    // Five weeks, each with its total: the first is Thursday 1 and Friday 2 January, +1,740 + 4,460.
    const weeks = within(calendar)
      .getAllByRole('row')
      .filter((row) => row.textContent?.startsWith('Week'));
    await expect(weeks).toHaveLength(5);
    await expect(weeks[0]).toHaveTextContent('+₹6,200.00');
  },
};

export const DayOpen: Story = {
  args: {
    openDay: dayDetail('2026-01-01', {
      status: 'ready',
      note: {
        title: 'New year, same rules',
        body: 'Waited for the opening range. Skipped the second BANKNIFTY short.',
      },
    }),
  },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: '1 January 2026' }));
    await expect(dialog.getByRole('link', { name: 'NIFTY26JAN24500CE' })).toHaveAttribute('href', '/trades/t01');
    await expect(dialog.getByText('New year, same rules')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Open in the notebook' })).toHaveAttribute(
      'href',
      '/notebook?date=2026-01-01',
    );
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenDay).toHaveBeenCalledWith(null);
  },
};

/**
 * 9 January: a swing entered on 7 January and closed this day (its P&L is the 9th's), an intraday trade, a position
 * opened this day and still open, and one opened this day and closed on the 12th (its P&L is the 12th's).
 */
export const DayWithCarriedTrades: Story = {
  args: {
    openDay: {
      date: '2026-01-09',
      note: { status: 'ready', note: null },
      trades: [
        {
          id: 's1',
          symbol: 'TCS',
          side: 'long',
          entryTime: '2026-01-07T14:05:00+05:30',
          exitTime: '2026-01-09T10:30:00+05:30',
          netPnl: 1840,
        },
        {
          id: 's2',
          symbol: 'SBIN',
          side: 'short',
          entryTime: '2026-01-09T11:00:00+05:30',
          exitTime: '2026-01-09T11:45:00+05:30',
          netPnl: -360,
        },
        {
          id: 's3',
          symbol: 'NIFTY26JANFUT',
          side: 'long',
          entryTime: '2026-01-09T13:15:00+05:30',
          exitTime: '2026-01-12T09:50:00+05:30',
          netPnl: null,
          closedOn: '2026-01-12',
        },
        {
          id: 's4',
          symbol: 'INFY',
          side: 'long',
          entryTime: '2026-01-09T14:20:00+05:30',
          exitTime: null,
          netPnl: null,
        },
      ],
    },
  },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: '9 January 2026' }));
    // 1,840 − 360 = +1,480 from the two trades closed on the 9th
    await expect(dialog.getByText(/from 2 trades closed this day/)).toBeVisible();
    await expect(dialog.getByText('+₹1,480.00')).toBeVisible();
    await expect(dialog.getByText('Closed 10:30, entered 7 Jan · Long')).toBeVisible();
    await expect(dialog.getByText('Closed 11:45 · Short')).toBeVisible();
    await expect(dialog.getByText('P&L on 12 Jan')).toBeVisible();
    await expect(dialog.getByText('Opened 14:20 · Long')).toBeVisible();
    await expect(dialog.getByText('Open')).toBeVisible();
  },
};

export const DayOpenWithoutNote: Story = {
  args: { openDay: dayDetail('2026-01-07', { status: 'ready', note: null }) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: '7 January 2026' }));
    await expect(dialog.getByText('No trades on this day.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Write about this day' })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { status: 'empty', calendar: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Nothing on the calendar yet' })).toBeVisible();
  },
};
export const Loading: Story = {
  args: { status: 'loading', calendar: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading calendar…');
  },
};
export const ErrorState: Story = {
  name: 'Error',
  args: { status: 'error', calendar: undefined, errorDetail: 'GET /rest/v1/trades 503' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
