import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button';
import { ErrorBoundary, ErrorPanel } from './error-boundary';

const meta = {
  title: 'Components/ErrorBoundary',
  component: ErrorPanel,
  tags: ['autodocs'],
  args: { onReload: fn(), onReset: fn() },
} satisfies Meta<typeof ErrorPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Panel: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Reload Page' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onReload).toHaveBeenCalled();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(args.onReset).toHaveBeenCalled();
  },
};

export const WithDetail: Story = { args: { detail: 'TypeError: trades.map is not a function' } };
export const PanelDark: Story = { globals: { theme: 'dark' } };

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('Chart data was malformed');
  return <p>Equity curve loaded.</p>;
}

function Recoverable() {
  const [explode, setExplode] = useState(true);
  return (
    <ErrorBoundary onReload={() => {}} onReset={() => setExplode(false)}>
      <Bomb explode={explode} />
      <Button onClick={() => setExplode(true)}>Break it</Button>
    </ErrorBoundary>
  );
}

/** A render error shows the panel; 'Reset Component' mounts the part again. */
export const BoundaryResets: Story = {
  render: () => <Recoverable />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Reset Component' }));
    await expect(await canvas.findByText('Equity curve loaded.')).toBeVisible();
  },
};
