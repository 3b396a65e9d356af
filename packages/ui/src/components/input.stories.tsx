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

/** In a row made taller by one field's help, the other field's label and input stay at the top, in line. */
export const FieldRowAligned: Story = {
  render: () => (
    <div className="grid max-w-xl grid-cols-2 gap-4">
      <Field label="Stop loss (₹)" help="Needed for R-multiples.">
        <Input inputMode="decimal" defaultValue="66.20" />
      </Field>
      <Field label="Target (₹)">
        <Input inputMode="decimal" defaultValue="71.00" />
      </Field>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const stop = canvas.getByRole('textbox', { name: 'Stop loss (₹)' }).getBoundingClientRect();
    const target = canvas.getByRole('textbox', { name: 'Target (₹)' }).getBoundingClientRect();
    await expect(target.top).toBe(stop.top);
    await expect(target.height).toBe(stop.height);
  },
};
