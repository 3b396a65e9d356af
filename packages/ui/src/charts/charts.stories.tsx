import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { calendarDays, dailyPnl, equityCurve, tradePnls } from '../fixtures/journal';
import { CalendarHeatmap } from './calendar-heatmap';
import { bucketPnl, DailyPnlBars, EquityCurve, PnlDistribution } from './journal-charts';

const meta = {
  title: 'Charts/Journal charts',
  component: EquityCurve,
  tags: ['autodocs'],
  args: { points: equityCurve },
} satisfies Meta<typeof EquityCurve>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Equity: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const figure = canvas.getByRole('figure', { name: 'Equity curve' });
    // The data is there for screen readers as a table.
    await expect(within(figure).getByRole('table', { name: 'Equity curve (data)' })).toBeInTheDocument();
    await expect(figure).toHaveAccessibleDescription(/From ₹2,54,200.00 on 1 Jan/);
  },
};

export const EquityEmpty: Story = { args: { points: [] } };

export const DailyBars: Story = {
  render: () => <DailyPnlBars days={dailyPnl} />,
  play: async ({ canvasElement }) => {
    // The values are reachable from the keyboard: Tab to the chart, then the arrow keys, Home and End.
    const slider = within(canvasElement).getByRole('slider', { name: 'Daily net P&L' });
    await userEvent.tab();
    await expect(slider).toHaveFocus();
    // A day's P&L is signed, gains with "+", losses with a real minus (U+2212).
    await expect(slider).toHaveAttribute('aria-valuetext', '1 Jan: Net P&L +₹4,200.00');
    await userEvent.keyboard('{End}{ArrowLeft}');
    // The 20th trading day of January 2026 is the 29th, which lost ₹800; the tooltip shows it too.
    await expect(slider).toHaveAttribute('aria-valuetext', '29 Jan: Net P&L −₹800.00');
    await expect(within(canvasElement).getByText('Net P&L: −₹800.00')).toBeVisible();
  },
};
export const Distribution: Story = { render: () => <PnlDistribution buckets={bucketPnl(tradePnls, 1000)} /> };

export const Calendar: Story = {
  render: () => <CalendarHeatmap month="2026-01" days={calendarDays} />,
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    await expect(within(table).getByRole('columnheader', { name: 'Week' })).toBeInTheDocument();
    // January 2026 starts on a Thursday: the first row has three empty cells.
    const firstRow = within(table).getAllByRole('row')[1]!;
    await expect(within(firstRow).getAllByRole('cell')[3]).toHaveTextContent('1');
    // A cell has room only for the compact amount (K/L/Cr); the exact one is its tooltip and what a screen reader
    // hears. 1 Jan +4,200; 2 Jan −1,850; the week's total 4,200 − 1,850 = +2,350.
    const [thursday, friday] = within(firstRow).getAllByRole('cell').slice(3, 5) as [HTMLElement, HTMLElement];
    await expect(within(thursday).getByText('+₹4.2K')).toBeVisible();
    await expect(within(thursday).getByText('+₹4,200.00')).toHaveClass('sr-only');
    await expect(within(friday).getByText('−₹1.85K')).toBeVisible();
    // The week's total (beside the week, or under it on a phone), with the exact amount as its tooltip.
    const [week] = within(table).getAllByTitle('+₹2,350.00');
    await expect(within(week!).getByText('+₹2.35K')).toBeInTheDocument();
    await expect(within(week!).getByText('+₹2,350.00')).toHaveClass('sr-only');
  },
};

export const CalendarEmptyMonth: Story = { render: () => <CalendarHeatmap month="2026-02" days={{}} /> };

function All() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <EquityCurve points={equityCurve} />
      <DailyPnlBars days={dailyPnl} />
      <PnlDistribution buckets={bucketPnl(tradePnls, 1000)} />
      <CalendarHeatmap month="2026-01" days={calendarDays} />
    </div>
  );
}

export const AllDark: Story = { render: () => <All />, globals: { theme: 'dark' } };
