import { formatINR } from '@bahi/billing';
import type { Meta } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Shell, type AreaStory as Story } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { type PositionSizingResult, PositionSizingScreen, type PositionSizingValues } from './position-sizing';

const meta = {
  title: 'Screens/Journal/Position sizing',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/position-sizing' },
} satisfies Meta<PageStoryArgs>;
export default meta;

// Position sizing: the story computes with the formula from INDIA.md to show the screen live; the real
// calculation belongs to the journal's domain code.
function size(v: PositionSizingValues): PositionSizingResult | undefined {
  const [capital, risk, entry, stop, target] = [v.capital, v.riskPercent, v.entry, v.stop, v.target].map(Number);
  if (!capital || !risk || !entry || !stop || entry === stop) return undefined;
  const riskAmount = (capital * risk) / 100;
  const quantity = Math.floor(riskAmount / Math.abs(entry - stop));
  const positionValue = quantity * entry;
  return {
    quantity,
    riskAmount,
    positionValue,
    rewardToRisk: target ? Math.abs(target - entry) / Math.abs(entry - stop) : undefined,
    warning:
      positionValue > capital
        ? `Position value ${formatINR(positionValue, { paise: 'always' })} exceeds capital ${formatINR(capital, { paise: 'always' })}.`
        : undefined,
  };
}

function Sizing({ initial }: { initial: PositionSizingValues }) {
  const [values, setValues] = useState(initial);
  return (
    <Shell title="Position sizing">
      <PositionSizingScreen values={values} result={size(values)} onChange={setValues} />
    </Shell>
  );
}

export const PositionSizingEmpty: Story = {
  args: { routePath: '/position-sizing' },
  render: () => <Sizing initial={{ capital: '', riskPercent: '', entry: '', stop: '', target: '' }} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Capital (₹)' }), '250000');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Risk per trade (%)' }), '1');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Entry price (₹)' }), '67.5');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Stop loss (₹)' }), '65');
    // 2,50,000 × 1% = ₹2,500 at risk; ÷ ₹2.50 per share = 1,000 shares.
    await expect(await canvas.findByText('1,000')).toBeVisible();
  },
};
export const PositionSizingWarning: Story = {
  args: { routePath: '/position-sizing' },
  render: () => (
    <Sizing initial={{ capital: '100000', riskPercent: '2', entry: '1500', stop: '1495', target: '1520' }} />
  ),
};
