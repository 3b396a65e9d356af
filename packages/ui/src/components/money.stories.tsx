import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Money } from './money';
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

export const Abbreviated: Story = {
  args: { value: 99999, abbreviate: true },
  play: async ({ canvasElement }) => {
    // Never rounded up to ₹1L; the full figure stays available to screen readers.
    await expect(within(canvasElement).getByText('₹99.99K')).toBeVisible();
    await expect(within(canvasElement).getByText('₹99,999.00')).toHaveClass('sr-only');
  },
};

function Catalog() {
  const values = [0, 450.5, 99_999, 1_234_567, -2_310, -45_67_890, 12_50_00_000];
  return (
    <div className="grid gap-8">
      <table className="text-sm">
        <caption className="text-left font-medium">Money formats</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col">Full</th>
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
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Net P&L (January)"
          value={<Money value={184250} signed abbreviate />}
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
        <Stat label="Max drawdown" value={<Money value={-62500} signed abbreviate />} loading />
      </div>
    </div>
  );
}

export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };
