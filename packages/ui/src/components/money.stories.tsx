import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Money, MoneyText } from './money';
import { Stat } from './stat';

const meta = {
  title: 'Components/Money and Stat',
  component: Money,
  tags: ['autodocs'],
  args: { value: 1234567 },
} satisfies Meta<typeof Money>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('₹12,34,567.00')).toBeVisible();
  },
};

export const Loss: Story = {
  args: { value: -51_199.32, signed: true },
  play: async ({ canvasElement }) => {
    // A real minus (U+2212), never a hyphen, and paise: the dashboard's drawdown reads the same in the assistant.
    const money = within(canvasElement).getByText('−₹51,199.32');
    await expect(money).toHaveAttribute('data-trend', 'down');
    await expect(money).toHaveClass('text-loss');
  },
};

export const Gain: Story = {
  args: { value: 11_540, signed: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('+₹11,540.00')).toHaveClass('text-profit');
  },
};

export const Abbreviated: Story = {
  args: { value: 99999, abbreviate: true },
  play: async ({ canvasElement }) => {
    // Never rounded up to ₹1L; the exact figure stays available to screen readers.
    await expect(within(canvasElement).getByText('₹99.99K')).toBeVisible();
    await expect(within(canvasElement).getByText('₹99,999.00')).toHaveClass('sr-only');
  },
};

/** One line box per element: the sign and the amount were not split across lines. */
const onOneLine = (el: Element) => new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size === 1;

/** A column too narrow for a sentence: every amount still keeps its sign on its own line. */
function Narrow() {
  return (
    <div className="grid w-24 gap-2 text-sm">
      <p>
        Net <Money value={3183.33} signed /> and <Money value={-51_199.32} signed /> after charges
      </p>
      <p data-testid="sentence">
        <MoneyText>{'Best: ORB, +₹11,540.00 over 5 trades. Worst: VWAP fade, −₹1,200.00 over 4 trades.'}</MoneyText>
      </p>
    </div>
  );
}

export const NeverSplitsTheSign: Story = {
  render: () => <Narrow />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const text of ['+₹3,183.33', '−₹51,199.32', '+₹11,540.00', '−₹1,200.00']) {
      const amount = canvas.getByText(text);
      await expect(onOneLine(amount), text).toBe(true);
    }
    // The sentence around the amounts is unchanged.
    await expect(canvas.getByTestId('sentence')).toHaveTextContent(
      'Best: ORB, +₹11,540.00 over 5 trades. Worst: VWAP fade, −₹1,200.00 over 4 trades.',
    );
  },
};

function Catalog() {
  const values = [0, 450.5, 99_999, 1_234_567, -2_310, -45_67_890, 12_50_00_000];
  return (
    <div className="grid gap-8">
      {/* Exact amounts do not wrap: on a phone the four columns scroll in their own frame, not the page. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus for keyboard scrolling */}
      <section aria-label="Money formats" tabIndex={0} className="overflow-x-auto">
        <table className="text-sm">
          <caption className="text-left font-medium">Money formats</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col">Exact</th>
              <th scope="col">Abbreviated</th>
              <th scope="col">P&amp;L</th>
              <th scope="col">P&amp;L abbreviated</th>
            </tr>
          </thead>
          <tbody>
            {values.map((v) => (
              <tr key={v}>
                <td>
                  <Money value={v} />
                </td>
                <td>
                  <Money value={v} abbreviate />
                </td>
                <td>
                  <Money value={v} signed />
                </td>
                <td>
                  <Money value={v} signed abbreviate />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Net P&L (January)"
          value={<Money value={184250} signed />}
          trend={{ direction: 'up', label: '+18.2% vs December' }}
          hint="84 trades"
        />
        <Stat
          label="Win rate"
          value="56%"
          trend={{ direction: 'down', label: '−4 points vs December' }}
          hint="47 of 84 trades"
        />
        <Stat
          label="Expectancy"
          value={<Money value={2193.45} signed />}
          trend={{ direction: 'flat', label: 'Same as December' }}
          hint="per trade"
        />
        <Stat label="Max drawdown" value={<Money value={-62500} signed />} loading />
      </div>
    </div>
  );
}

export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };
