import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { Field } from './field';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from './select';

const meta = {
  title: 'Components/Select',
  component: Select,
  tags: ['autodocs'],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

function SegmentSelect({
  error,
  disabled,
  size,
  defaultValue,
}: {
  error?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
  defaultValue?: string;
}) {
  return (
    <Field label="Segment" error={error} help={error ? undefined : 'Charges depend on the segment.'}>
      {(control) => (
        <Select defaultValue={defaultValue} disabled={disabled}>
          <SelectTrigger size={size} {...control}>
            <SelectValue placeholder="Choose a segment" />
          </SelectTrigger>
          <SelectContent>
            <SelectGroup>
              <SelectLabel>Equity</SelectLabel>
              <SelectItem value="delivery">Equity delivery</SelectItem>
              <SelectItem value="intraday">Equity intraday</SelectItem>
            </SelectGroup>
            <SelectGroup>
              <SelectLabel>F&amp;O</SelectLabel>
              <SelectItem value="futures">Futures</SelectItem>
              <SelectItem value="options">Options</SelectItem>
            </SelectGroup>
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}

export const Keyboard: Story = {
  render: () => <SegmentSelect />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const trigger = canvas.getByRole('combobox', { name: 'Segment' });
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const option = await screen.findByRole('option', { name: 'Futures' });
    await userEvent.click(option);
    await expect(trigger).toHaveTextContent('Futures');
  },
};

function Catalog() {
  return (
    <div className="grid max-w-sm gap-6">
      <SegmentSelect />
      <SegmentSelect size="sm" defaultValue="intraday" />
      <SegmentSelect defaultValue="options" disabled />
      <SegmentSelect error="Choose a segment to estimate charges." />
    </div>
  );
}

export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };
