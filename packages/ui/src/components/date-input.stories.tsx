import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import { DateInput, type DateInputProps } from './date-input';
import { Field } from './field';

/** Friday 20 November 2026, 10:00 IST: "today" in the picker, so that its screenshots stay the same. */
const NOW = Date.parse('2026-11-20T04:30:00Z');

const meta = {
  title: 'Components/DateInput',
  component: DateInput,
  tags: ['autodocs'],
  args: { onValueChange: fn() },
  beforeEach: () => {
    const realNow = Date.now;
    Date.now = () => NOW;
    return () => {
      Date.now = realNow;
    };
  },
} satisfies Meta<typeof DateInput>;

export default meta;
type Story = StoryObj<typeof meta>;

type DemoProps = DateInputProps & { label?: string; help?: string; initial?: string };

/** A field that keeps the value it is given, shows it and tells the story's spy. */
function Demo({ label = 'Ex-date', help, initial = '', onValueChange, ...props }: DemoProps) {
  const [value, setValue] = React.useState(initial);
  return (
    <div className="grid max-w-xs gap-3">
      <Field label={label} help={help}>
        <DateInput
          {...props}
          value={value}
          onValueChange={(next) => {
            setValue(next);
            onValueChange?.(next);
          }}
        />
      </Field>
      <p>Value: {value || 'none'}</p>
    </div>
  );
}

/** Room under the field for the open calendar, so that the screenshot of the story shows all of it. */
function Room({ children }: { children: React.ReactNode }) {
  return <div className="min-h-96">{children}</div>;
}

/** Each way of writing 20 November 2026 reads as that day, and leaving the field writes it the app's way. */
export const TypedForms: Story = {
  render: (args) => <Demo {...args} initial="2026-11-02" help="Day first: 20 Nov 2026, 20/11/26 or 2026-11-20." />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const exDate = canvas.getByRole('textbox', { name: 'Ex-date' });
    await expect(exDate).toHaveValue('2 Nov 2026');
    await expect(exDate).toHaveAccessibleDescription('Day first: 20 Nov 2026, 20/11/26 or 2026-11-20.');
    for (const typed of ['20 November 2026', '20-11-2026', '20/11/2026', '20.11.2026', '20/11/26', '2026-11-20']) {
      await userEvent.clear(exDate);
      await expect(args.onValueChange).toHaveBeenLastCalledWith('');
      await userEvent.type(exDate, typed);
      await expect(exDate).toHaveValue(typed);
      await expect(args.onValueChange).toHaveBeenLastCalledWith('2026-11-20');
      await userEvent.tab();
      await expect(exDate).toHaveValue('20 Nov 2026');
      await expect(canvas.getByText('Value: 2026-11-20')).toBeVisible();
    }
    await expect(exDate).not.toHaveAttribute('aria-invalid');
  },
};

/** A day and time: day first, then a 24-hour or am/pm time; ISO's "T" (what the app's browser tests fill) too. */
export const TypedDateAndTime: Story = {
  render: (args) => <Demo {...args} type="datetime-local" label="Entry time (IST)" />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const entry = canvas.getByRole('textbox', { name: 'Entry time (IST)' });
    const cases = [
      ['2026-11-18T10:15', '18 Nov 2026, 10:15', '2026-11-18T10:15'],
      ['18/11/26 9.05', '18 Nov 2026, 09:05', '2026-11-18T09:05'],
      ['20 Nov 2026, 10:22 pm', '20 Nov 2026, 22:22', '2026-11-20T22:22'],
      ['1-9-2026 12:30 am', '1 Sept 2026, 00:30', '2026-09-01T00:30'],
    ] as const;
    for (const [typed, shown, value] of cases) {
      await userEvent.clear(entry);
      await userEvent.type(entry, typed);
      await expect(args.onValueChange).toHaveBeenLastCalledWith(value);
      await userEvent.tab();
      await expect(entry).toHaveValue(shown);
    }
    await expect(canvas.getByText('Value: 2026-09-01T00:30')).toBeVisible();
  },
};

/** A time alone: no picker button, a clock icon. */
export const TypedTime: Story = {
  render: (args) => <Demo {...args} type="time" label="Market opens (IST)" />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const opens = canvas.getByRole('textbox', { name: 'Market opens (IST)' });
    await expect(canvas.queryByRole('button', { name: 'Choose a date' })).toBeNull();
    await userEvent.type(opens, '9.15');
    await userEvent.tab();
    await expect(opens).toHaveValue('09:15');
    await userEvent.clear(opens);
    await userEvent.type(opens, '3:30 PM');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('15:30');
    await userEvent.tab();
    await expect(opens).toHaveValue('15:30');
  },
};

/** Text that is no day reports no value and, once the field is left, says what to type; so do days outside max. */
export const BadDate: Story = {
  render: (args) => <Demo {...args} label="Bought on" help="On or before the sale." max="2026-12-05" />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const boughtOn = canvas.getByRole('textbox', { name: 'Bought on' });
    await userEvent.type(boughtOn, '31 Feb 2026');
    await expect(canvas.getByText('Value: none')).toBeVisible();
    // Not while typing: only once the field is left.
    await expect(boughtOn).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    await expect(boughtOn).toHaveAttribute('aria-invalid', 'true');
    await expect(boughtOn).toHaveAccessibleDescription('February 2026 has no day 31 On or before the sale.');
    await expect(boughtOn).toHaveValue('31 Feb 2026');

    await userEvent.clear(boughtOn);
    await userEvent.type(boughtOn, '6 Dec 2026');
    await userEvent.tab();
    await expect(canvas.getByText('Pick a day on or before 5 Dec 2026')).toBeVisible();

    // Fixing the text takes the message away at once.
    await userEvent.clear(boughtOn);
    await userEvent.type(boughtOn, '5/12/26');
    await expect(canvas.queryByText(/Pick a day/)).toBeNull();
    await expect(boughtOn).not.toHaveAttribute('aria-invalid');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2026-12-05');

    await userEvent.clear(boughtOn);
    await userEvent.type(boughtOn, 'next Friday');
    await userEvent.tab();
    await expect(boughtOn).toHaveAccessibleDescription('Type a date such as 20 Nov 2026 On or before the sale.');
    await expect(canvas.getByText('Value: none')).toBeVisible();
  },
};

/** The picker from the keyboard: it opens on today, arrows move, Enter picks, Escape closes; focus returns. */
export const PickerKeyboard: Story = {
  render: (args) => (
    <Room>
      <Demo {...args} />
    </Room>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const exDate = canvas.getByRole('textbox', { name: 'Ex-date' });
    const choose = canvas.getByRole('button', { name: 'Choose a date' });
    await userEvent.tab();
    await expect(exDate).toHaveFocus();
    await userEvent.tab();
    await expect(choose).toHaveFocus();
    await expect(choose).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');

    const calendar = await canvas.findByRole('dialog', { name: 'Choose a date' });
    await expect(choose).toHaveAttribute('aria-expanded', 'true');
    await expect(within(calendar).getByRole('heading', { name: 'November 2026' })).toBeVisible();
    const today = within(calendar).getByRole('button', { name: '20 November 2026' });
    await waitFor(() => expect(today).toHaveFocus());
    await expect(today).toHaveAttribute('aria-current', 'date');
    await expect(within(calendar).getByRole('grid')).toBeVisible();
    await expect(within(calendar).getByRole('columnheader', { name: 'Monday' })).toBeVisible();
    // Roving tabindex: only the focused day is in the tab order.
    await expect(calendar.querySelectorAll('[data-day][tabindex="0"]')).toHaveLength(1);

    await userEvent.keyboard('{ArrowRight}');
    await expect(within(calendar).getByRole('button', { name: '21 November 2026' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2026-11-21');
    await expect(exDate).toHaveValue('21 Nov 2026');
    await expect(choose).toHaveFocus();

    // Again: it opens on the chosen day; a week down, a month on, to the week's Monday, then Escape.
    await userEvent.keyboard('{Enter}');
    const again = await canvas.findByRole('dialog', { name: 'Choose a date' });
    const chosen = within(again).getByRole('button', { name: '21 November 2026' });
    await waitFor(() => expect(chosen).toHaveFocus());
    await expect(chosen.closest('td')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(again).getByRole('button', { name: '28 November 2026' })).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    await expect(within(again).getByRole('heading', { name: 'December 2026' })).toBeVisible();
    await expect(within(again).getByRole('button', { name: '28 December 2026' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(within(again).getByRole('button', { name: '28 December 2026' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{End}');
    await expect(within(again).getByRole('button', { name: '27 December 2026' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(choose).toHaveFocus();
    await expect(exDate).toHaveValue('21 Nov 2026');
  },
};

/** The calendar open on a chosen day, with the days past `max` unavailable and the month buttons. */
export const PickerOpen: Story = {
  render: (args) => (
    <Room>
      <Demo {...args} label="Bought on" initial="2026-11-12" max="2026-11-24" />
    </Room>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose a date' }));
    const calendar = await canvas.findByRole('dialog', { name: 'Choose a date' });
    const chosen = within(calendar).getByRole('button', { name: '12 November 2026' });
    await waitFor(() => expect(chosen).toHaveFocus());
    const late = within(calendar).getByRole('button', { name: '25 November 2026' });
    await expect(late).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(late);
    await expect(calendar).toBeVisible();
    await userEvent.click(within(calendar).getByRole('button', { name: 'Next month' }));
    await expect(within(calendar).getByRole('heading', { name: 'December 2026' })).toBeVisible();
    await userEvent.click(within(calendar).getByRole('button', { name: 'Previous month' }));
    await expect(within(calendar).getByRole('heading', { name: 'November 2026' })).toBeVisible();
  },
};

/** At the right of a phone's row the calendar lines up with the field's right edge instead of running off it. */
export const PickerAtRightEdge: Story = {
  globals: { viewport: { value: 'mobile' } },
  render: (args) => (
    <Room>
      <div className="flex justify-end">
        <Demo {...args} label="To (IST)" size="sm" className="w-36" />
      </div>
    </Room>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose a date' }));
    const calendar = await canvas.findByRole('dialog', { name: 'Choose a date' });
    await waitFor(() => expect(calendar.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth));
    await expect(calendar.getBoundingClientRect().left).toBeGreaterThanOrEqual(0);
  },
};

/** Picking a day for a date and time keeps the time typed, or takes 09:15 (the market's open) when there is none. */
export const PickerKeepsTime: Story = {
  render: (args) => (
    <Room>
      <div className="grid gap-6">
        <Demo {...args} type="datetime-local" label="Entry time (IST)" initial="2026-11-18T10:15" />
        <Demo {...args} type="datetime-local" label="Exit time (IST)" />
      </div>
    </Room>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [entryButton, exitButton] = canvas.getAllByRole('button', { name: 'Choose a date' });
    await userEvent.click(entryButton as HTMLElement);
    let calendar = await canvas.findByRole('dialog');
    await waitFor(() => expect(within(calendar).getByRole('button', { name: '18 November 2026' })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await expect(canvas.getByRole('textbox', { name: 'Entry time (IST)' })).toHaveValue('19 Nov 2026, 10:15');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2026-11-19T10:15');

    await userEvent.click(exitButton as HTMLElement);
    calendar = await canvas.findByRole('dialog');
    await waitFor(() => expect(within(calendar).getByRole('button', { name: '20 November 2026' })).toHaveFocus());
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('textbox', { name: 'Exit time (IST)' })).toHaveValue('20 Nov 2026, 09:15');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2026-11-20T09:15');
  },
};

/** A press outside the calendar closes it and leaves the value as it was. */
export const ClickOutside: Story = {
  render: (args) => (
    <Room>
      <Demo {...args} initial="2026-11-02" />
    </Room>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose a date' }));
    await canvas.findByRole('dialog');
    await userEvent.click(canvas.getByText('Value: 2026-11-02'));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('textbox', { name: 'Ex-date' })).toHaveValue('2 Nov 2026');
  },
};

function Resettable({ onValueChange }: Pick<DateInputProps, 'onValueChange'>) {
  const [from, setFrom] = React.useState('2026-04-01');
  return (
    <div className="grid max-w-xs gap-3">
      <Field label="From (IST)">
        <DateInput
          value={from}
          onValueChange={(v) => {
            setFrom(v);
            onValueChange?.(v);
          }}
        />
      </Field>
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => setFrom('')}>
          Clear filters
        </Button>
        <Button variant="outline" onClick={() => setFrom('2026-11-18')}>
          Restore draft
        </Button>
      </div>
    </div>
  );
}

/** A value set from outside (filters cleared, a draft restored) shows in the field. */
export const ValueFromOutside: Story = {
  render: (args) => <Resettable onValueChange={args.onValueChange} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const from = canvas.getByRole('textbox', { name: 'From (IST)' });
    await expect(from).toHaveValue('1 Apr 2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(from).toHaveValue('');
    await userEvent.click(canvas.getByRole('button', { name: 'Restore draft' }));
    await expect(from).toHaveValue('18 Nov 2026');
    // Typed text that already stands for the value stays as typed while the field has focus.
    await userEvent.clear(from);
    await userEvent.type(from, '18/11/26');
    await expect(from).toHaveValue('18/11/26');
  },
};

/** A disabled field: neither the text nor the picker button can be used. */
export const Disabled: Story = {
  render: (args) => <Demo {...args} label="Expiry" initial="2026-11-25" disabled />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const expiry = canvas.getByRole('textbox', { name: 'Expiry' });
    await expect(expiry).toBeDisabled();
    await expect(expiry).toHaveValue('25 Nov 2026');
    await expect(canvas.getByRole('button', { name: 'Choose a date' })).toBeDisabled();
    await userEvent.type(expiry, '1');
    await expect(args.onValueChange).not.toHaveBeenCalled();
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
        <DateInput size="sm" defaultValue="2026-09-01" />
      </Field>
    </div>
  );
}

/** Default (empty), filled, disabled and error, for a day, a day and time, and a time. */
export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };

/** The Field's own error names the field's problem; the text box is marked invalid and described by it. */
export const ErrorState: Story = {
  render: () => (
    <Field label="Ex-date" error="Enter the ex-date." required>
      <DateInput />
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const exDate = within(canvasElement).getByRole('textbox', { name: /Ex-date/ });
    await expect(exDate).toHaveAttribute('aria-invalid', 'true');
    await expect(exDate).toHaveAttribute('aria-required', 'true');
    await expect(exDate).toHaveAccessibleDescription('Enter the ex-date.');
  },
};
