import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { DateInput } from './date-input';
import { Field } from './field';

const meta = {
  title: 'Components/DateInput',
  component: DateInput,
  tags: ['autodocs'],
} satisfies Meta<typeof DateInput>;

export default meta;
type Story = StoryObj<typeof meta>;

function ExDate() {
  const [value, setValue] = React.useState('');
  return (
    <div className="grid max-w-xs gap-3">
      <Field label="Ex-date" help="Shares held at the end of the day before are adjusted.">
        <DateInput value={value} onChange={(e) => setValue(e.target.value)} />
      </Field>
      <p>Chosen: {value || 'none'}</p>
    </div>
  );
}

/** Typed by parts from the keyboard, as the browser's date input takes it; the Field names and describes it. */
export const Keyboard: Story = {
  render: () => <ExDate />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const exDate = canvas.getByLabelText('Ex-date');
    await expect(exDate).toHaveFocus();
    await expect(exDate).toHaveAttribute('type', 'date');
    await expect(exDate).toHaveAccessibleDescription('Shares held at the end of the day before are adjusted.');
    await userEvent.type(exDate, '2026-11-02');
    await expect(exDate).toHaveValue('2026-11-02');
    await expect(canvas.getByText('Chosen: 2026-11-02')).toBeVisible();
  },
};

function Catalog() {
  return (
    <div className="grid max-w-xl gap-6 sm:grid-cols-2">
      <Field label="Held on">
        <DateInput />
      </Field>
      <Field label="Date" help="The day it reached or left your trading account.">
        <DateInput defaultValue="2026-11-02" />
      </Field>
      <Field label="Expiry (disabled)">
        <DateInput defaultValue="2026-11-25" disabled />
      </Field>
      <Field label="Ex-date" error="Enter the ex-date." required>
        <DateInput />
      </Field>
      <Field label="Entry time (IST)">
        <DateInput type="datetime-local" defaultValue="2026-11-18T09:45" />
      </Field>
      <Field label="Exit time (IST)">
        <DateInput type="datetime-local" />
      </Field>
      <Field label="Market opens (IST)">
        <DateInput type="time" defaultValue="09:15" />
      </Field>
      <Field label="From (IST), small">
        <DateInput size="sm" defaultValue="2026-04-01" />
      </Field>
    </div>
  );
}

/** Default (empty), filled, disabled and error, for a day, a day and time, and a time. */
export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };

export const ErrorState: Story = {
  render: () => (
    <Field label="Ex-date" error="Enter the ex-date." required>
      <DateInput />
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const exDate = within(canvasElement).getByLabelText(/Ex-date/);
    await expect(exDate).toHaveAttribute('aria-invalid', 'true');
    await expect(exDate).toHaveAccessibleDescription('Enter the ex-date.');
  },
};
