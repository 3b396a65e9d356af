import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Checkbox } from './checkbox';
import { Label } from './label';
import { Switch } from './switch';

const meta = {
  title: 'Components/Checkbox and Switch',
  component: Checkbox,
  tags: ['autodocs'],
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CheckboxKeyboard: Story = {
  render: () => (
    <Label>
      <Checkbox /> Followed my plan on this trade
    </Label>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const box = canvas.getByRole('checkbox', { name: 'Followed my plan on this trade' });
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    // Only Space toggles a checkbox; Enter (which would click a button) leaves it as it is.
    await userEvent.keyboard('{Enter}');
    await expect(box).toBeChecked();
    await userEvent.click(canvas.getByText('Followed my plan on this trade'));
    await expect(box).not.toBeChecked();
  },
};

export const CheckboxMixed: Story = {
  render: () => <Checkbox checked="indeterminate" aria-label="Select all trades" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Select all trades' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
  },
};

export const SwitchKeyboard: Story = {
  render: () => (
    <div className="flex items-center gap-3">
      <Switch id="weekly-email" />
      <Label htmlFor="weekly-email">Email me a weekly P&amp;L summary</Label>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const toggle = canvas.getByRole('switch', { name: 'Email me a weekly P&L summary' });
    await userEvent.keyboard('{Enter}');
    await expect(toggle).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
  },
};

function Catalog() {
  return (
    <div className="grid gap-4">
      <Label>
        <Checkbox /> Unchecked
      </Label>
      <Label>
        <Checkbox defaultChecked /> Checked
      </Label>
      <Label>
        <Checkbox checked="indeterminate" /> Some trades tagged
      </Label>
      <Label>
        <Checkbox disabled /> Disabled
      </Label>
      <Label>
        <Checkbox aria-invalid /> Accept the terms (invalid)
      </Label>
      <Label>
        <Switch /> Switch off
      </Label>
      <Label>
        <Switch defaultChecked /> Switch on
      </Label>
      <Label>
        <Switch disabled /> Switch disabled
      </Label>
    </div>
  );
}

export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };
