import { SizingInputError, sizePosition, lotSize as tableLotSize } from '@bahi/trading';
import type { Meta } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Shell, type AreaStory as Story } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import {
  type PositionSizingResult,
  PositionSizingScreen,
  type PositionSizingScreenProps,
  type PositionSizingValues,
} from './position-sizing';

const meta = {
  title: 'Screens/Journal/Position sizing',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/position-sizing' },
} satisfies Meta<PageStoryArgs>;
export default meta;

// The stories size with @bahi/trading's sizePosition, as the app does; the app also maps each input error to its
// field, which the error story passes in directly.
function size(v: PositionSizingValues): PositionSizingResult | undefined {
  const n = (s: string) => (s.trim() === '' ? undefined : Number(s.replace(/,/g, '')));
  const [capital, riskPercent, entry, stop] = [v.capital, v.riskPercent, v.entry, v.stop].map(n);
  const lots = v.market === 'fno' ? n(v.lotSize) : undefined;
  if (capital === undefined || riskPercent === undefined || entry === undefined || stop === undefined) return;
  try {
    const s = sizePosition({ capital, riskPercent, entry, stop, target: n(v.target), lotSize: lots, side: v.side });
    return { ...s, lotSize: lots, warnings: s.warnings.map((w) => w.message) };
  } catch (error) {
    if (error instanceof SizingInputError) return undefined;
    throw error;
  }
}

const base: PositionSizingValues = {
  market: 'equity',
  side: 'long',
  capital: '',
  riskPercent: '1',
  entry: '',
  stop: '',
  target: '',
  underlying: 'NIFTY',
  expiry: '2026-11-24',
  lotSize: '65',
};

function Sizing({ initial, ...props }: { initial: PositionSizingValues } & Partial<PositionSizingScreenProps>) {
  const [values, setValues] = useState(initial);
  return (
    <Shell>
      <PositionSizingScreen
        values={values}
        result={size(values)}
        underlyings={['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTYNXT50']}
        lotSizeSource={values.market === 'fno' ? 'From the dated NSE lot-size table for this expiry.' : undefined}
        onChange={(next) => {
          const known = tableLotSize(next.underlying, next.expiry || '2026-11-24');
          setValues(known && next.underlying !== values.underlying ? { ...next, lotSize: String(known) } : next);
        }}
        {...props}
      />
    </Shell>
  );
}

export const Empty: Story = {
  render: () => <Sizing initial={base} />,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Enter capital, risk, entry and stop to see the quantity.'),
    ).toBeVisible();
  },
};

export const Equity: Story = {
  render: () => <Sizing initial={base} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const capital = canvas.getByRole('textbox', { name: 'Capital (₹)' });
    await userEvent.type(capital, '250000');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Entry price (₹)' }), '67.5');
    // Once left, the capital is grouped the Indian way.
    await expect(capital).toHaveValue('2,50,000');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Stop loss (₹)' }), '65');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Target (₹)' }), '72.5');
    // ₹2,50,000 × 1% = ₹2,500 at risk ÷ ₹2.50 a share = 1,000 shares; (72.50 − 67.50) ÷ 2.50 = 2 R.
    await expect(await canvas.findByText('1,000')).toBeVisible();
    await expect(canvas.getByText('2.00 R')).toBeVisible();
  },
};

export const FnoInLots: Story = {
  render: () => (
    <Sizing initial={{ ...base, market: 'fno', capital: '500000', entry: '112.40', stop: '92', target: '152.80' }} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // ₹5,000 budget; a lot of 65 risks 20.40 × 65 = ₹1,326: 3 lots, 195 units, actual risk ₹3,978.
    await expect(canvas.getByText('195')).toBeVisible();
    await expect(canvas.getByText('3 lots × 65 units')).toBeVisible();
    await expect(canvas.getByText('₹3,978.00')).toBeVisible();
  },
};

export const WrongSideStop: Story = {
  render: () => (
    <Sizing
      initial={{ ...base, capital: '250000', entry: '67.50', stop: '70' }}
      fieldErrors={{ stop: "A stop on the wrong side of entry: a long's stop must be below entry." }}
    />
  ),
  play: async ({ canvasElement }) => {
    const stop = within(canvasElement).getByRole('textbox', { name: 'Stop loss (₹)' });
    await expect(stop).toHaveAttribute('aria-invalid', 'true');
    await expect(stop).toHaveAccessibleDescription(
      "A stop on the wrong side of entry: a long's stop must be below entry.",
    );
  },
};

export const ExceedsCapital: Story = {
  render: () => <Sizing initial={{ ...base, capital: '100000', riskPercent: '2', entry: '1500', stop: '1495' }} />,
};

export const FnoDark: Story = { ...FnoInLots, globals: { theme: 'dark' } };

export const CapitalFromFunds: Story = {
  render: () => (
    <Sizing
      initial={{ ...base, capital: '7,06,631' }}
      capitalSource="Your current capital from Funds; type to change it."
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Capital (₹)' })).toHaveValue('7,06,631');
    await expect(canvas.getByText('Your current capital from Funds; type to change it.')).toBeVisible();
  },
};

/** Capital is being filled in from Funds; the calculator already works with what the trader types. */
export const Loading: Story = {
  render: () => <Sizing initial={base} capitalStatus="loading" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const capital = canvas.getByRole('textbox', { name: 'Capital (₹)' });
    await expect(capital).toHaveAccessibleDescription('Loading your current capital from Funds…');
    await expect(capital).toBeEnabled();
  },
};

const retryCapital = fn();

/** Funds could not be loaded: the trader types the capital, or tries again. */
export const LoadFailed: Story = {
  render: () => <Sizing initial={base} capitalStatus="error" onRetryCapital={retryCapital} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your capital from Funds could not be loaded')).toBeVisible();
    await expect(canvas.getByText('Type your capital to size the position.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(retryCapital).toHaveBeenCalledOnce();
    // Typing still sizes: ₹1,00,000 × 1% = ₹1,000 ÷ (₹200 − ₹190) = 100 shares.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Capital (₹)' }), '100000');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Entry price (₹)' }), '200');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Stop loss (₹)' }), '190');
    await expect(await canvas.findByText('100')).toBeVisible();
  },
};

export const LoadFailedDark: Story = {
  render: () => <Sizing initial={base} capitalStatus="error" onRetryCapital={retryCapital} />,
  globals: { theme: 'dark' },
};
