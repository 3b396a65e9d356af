import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Field } from './field';
import { LazySelect } from './lazy-select';

function OutcomeSelect() {
  const [value, setValue] = React.useState('all');
  return (
    <Field label="Outcome">
      {(control) => (
        <LazySelect
          {...control}
          size="sm"
          value={value}
          onValueChange={setValue}
          options={[
            { value: 'all', label: 'All' },
            { value: 'win', label: 'Wins' },
            { value: 'loss', label: 'Losses' },
          ]}
        />
      )}
    </Field>
  );
}

const meta = {
  title: 'Components/LazySelect',
  component: OutcomeSelect,
} satisfies Meta<typeof OutcomeSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pointer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const outcome = canvas.getByRole('combobox', { name: 'Outcome' });
    await expect(outcome).toHaveTextContent('All');
    await userEvent.click(outcome);
    await userEvent.click(await screen.findByRole('option', { name: 'Wins' }));
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Outcome' })).toHaveTextContent('Wins'));
  },
};

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('combobox', { name: 'Outcome' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByRole('option', { name: 'All' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Outcome' })).toHaveTextContent('Losses'));
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Outcome' })).toHaveFocus());
  },
};

const PLAYBOOKS = [
  { value: '', label: 'No playbook' },
  { value: 'orb', label: 'Opening range breakout' },
  { value: 'vwap', label: 'VWAP rejection' },
];

function PlaybookSelect({ initial = '', error, disabled }: { initial?: string; error?: string; disabled?: boolean }) {
  const [value, setValue] = React.useState(initial);
  return (
    <Field label="Playbook" error={error}>
      {(control) => (
        <LazySelect {...control} value={value} onValueChange={setValue} options={PLAYBOOKS} disabled={disabled} />
      )}
    </Field>
  );
}

/** An option whose value is '' ("No playbook") can be chosen again after another one. */
export const EmptyValue: Story = {
  render: () => <PlaybookSelect />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const playbook = () => canvas.getByRole('combobox', { name: 'Playbook' });
    await expect(playbook()).toHaveTextContent('No playbook');
    await userEvent.click(playbook());
    await userEvent.click(await screen.findByRole('option', { name: 'VWAP rejection' }));
    await waitFor(() => expect(playbook()).toHaveTextContent('VWAP rejection'));
    await userEvent.click(playbook());
    await userEvent.click(await screen.findByRole('option', { name: 'No playbook' }));
    await waitFor(() => expect(playbook()).toHaveTextContent('No playbook'));
  },
};

export const Disabled: Story = {
  render: () => <PlaybookSelect initial="orb" disabled />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Playbook' })).toBeDisabled();
  },
};

function Catalog() {
  return (
    <div className="grid max-w-sm gap-6">
      <PlaybookSelect />
      <PlaybookSelect initial="orb" />
      <PlaybookSelect initial="vwap" disabled />
      <PlaybookSelect error="That playbook was deleted; choose another." />
    </div>
  );
}

/** Default, filled, disabled and error. */
export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };
