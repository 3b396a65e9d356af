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
