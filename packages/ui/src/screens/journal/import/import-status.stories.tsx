import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ImportStatus } from './import-status';

const meta = {
  title: 'Screens/Journal/Import status',
  component: ImportStatus,
  args: {
    state: { step: 'working', fileName: 'tradebook-2018-2026.csv', phase: 'match', done: 0, total: 1 },
    onShow: fn(),
    onDismiss: fn(),
  },
} satisfies Meta<typeof ImportStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Matching: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Importing tradebook-2018-2026.csv: Matching fills into trades, 15%.',
    );
  },
};

/** Saving a large file while the trader is on another page: parts, trades saved and the time left. */
export const Saving: Story = {
  args: {
    state: {
      step: 'working',
      fileName: 'tradebook-2018-2026.csv',
      phase: 'upload',
      done: 3,
      total: 12,
      trades: 6000,
      tradesTotal: 22_088,
      secondsLeft: 6,
    },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    // 20 + 80 × 6,000 / 22,088 = 41.7 → 42%.
    await expect(c.getByRole('status')).toHaveTextContent(
      'Importing tradebook-2018-2026.csv: Saving part 4 of 12, 42%. 6,000 of 22,088 trades saved, about 6 s left.',
    );
    await expect(c.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    await userEvent.click(c.getByRole('button', { name: 'Show' }));
    await expect(args.onShow).toHaveBeenCalled();
  },
};

export const Done: Story = {
  args: {
    state: {
      step: 'done',
      fileName: 'tradebook-2018-2026.csv',
      tradesCreated: 22_088,
      executionsCreated: 50_000,
      duplicates: 0,
      rowsWithErrors: 0,
    },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent('Imported tradebook-2018-2026.csv: 22,088 trades saved.');
    await userEvent.click(c.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalled();
  },
};

export const Failed: Story = {
  args: {
    state: {
      step: 'failed',
      fileName: 'tradebook-2018-2026.csv',
      message: 'Some of these fills are already in your journal. Reload the page and import again.',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'tradebook-2018-2026.csv was not imported: Some of these fills are already in your journal.',
    );
  },
};
