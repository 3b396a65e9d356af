import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Field } from './field';
import { Input } from './input';
import { Label } from './label';
import { Textarea } from './textarea';

const meta = {
  title: 'Components/Input',
  component: Input,
  tags: ['autodocs'],
  args: { 'aria-label': 'Symbol', placeholder: 'RELIANCE' },
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const input = canvas.getByRole('textbox', { name: 'Symbol' });
    await expect(input).toHaveFocus();
    await userEvent.keyboard('TATAMOTORS');
    await expect(input).toHaveValue('TATAMOTORS');
  },
};

function Catalog() {
  return (
    <div className="grid max-w-xl gap-6">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <div key={size} className="grid gap-2">
          <Label htmlFor={`qty-${size}`}>Quantity ({size})</Label>
          <Input id={`qty-${size}`} size={size} inputMode="numeric" placeholder="450" />
        </div>
      ))}
      <Field label="Entry price" help="Average fill price, in rupees.">
        <Input inputMode="decimal" defaultValue="67.50" />
      </Field>
      <Field label="Stop loss" error="A stop on the wrong side of entry is an input error." required>
        <Input inputMode="decimal" defaultValue="70.00" />
      </Field>
      <Field label="Broker (disabled)">
        <Input disabled defaultValue="Zerodha" />
      </Field>
      <Field label="Trade notes" help="What you saw, what you felt, what you would repeat.">
        <Textarea placeholder="Waited for the 15-minute opening range to break with volume…" />
      </Field>
      <Field label="Mistakes" error="Write at least one line.">
        <Textarea />
      </Field>
    </div>
  );
}

export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };

export const FieldWiring: Story = {
  render: () => (
    <Field label="Capital" help="Trading capital for position sizing." error="Enter an amount above ₹0.">
      <Input inputMode="decimal" defaultValue="0" />
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Capital' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Enter an amount above ₹0. Trading capital for position sizing.');
  },
};
