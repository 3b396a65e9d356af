import type { Meta } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { type AreaStory, Shell } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import {
  emptyPlaybook,
  PlaybookFormScreen,
  type PlaybookFormScreenProps,
  type PlaybookFormValues,
} from './playbook-form';

const meta = {
  title: 'Screens/Journal/Playbook form',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/playbook/create' },
} satisfies Meta<PageStoryArgs>;
export default meta;

const orb: PlaybookFormValues = {
  name: 'Opening Range Breakout',
  description: 'Trade the break of the first 15 minutes in liquid large caps and stock futures.',
  rules: [
    { id: 'orb-1', text: 'Wait for the 15-minute opening range to complete' },
    { id: 'orb-2', text: 'Enter on a 5-minute close beyond the range on above-average volume' },
    { id: 'orb-3', text: 'Stop at the middle of the range, never more than 0.6%' },
  ],
  markets: ['NSE equity', 'NSE futures'],
  timeframes: ['5m', '15m', '2h'],
};

/** The form with its values in state, as the page holds them. */
function Editable(props: Omit<PlaybookFormScreenProps, 'values' | 'onChange'> & { initial: PlaybookFormValues }) {
  const [values, setValues] = React.useState(props.initial);
  return (
    <Shell>
      <PlaybookFormScreen {...props} values={values} onChange={setValues} />
    </Shell>
  );
}

const heading =
  (name: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name, level: 1 })).toBeVisible();
  };

export const PlaybookFormCreate: AreaStory = {
  render: () => <Editable initial={emptyPlaybook} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'New playbook', level: 1 })).toBeVisible();
    await expect(canvas.getByText(/No rules yet/)).toBeVisible();
    // Adding a rule puts the cursor in it.
    await userEvent.click(canvas.getByRole('button', { name: 'Add rule' }));
    await expect(canvas.getByRole('textbox', { name: 'Rule 1' })).toHaveFocus();
    await userEvent.keyboard('No entries before 09:30');
    await userEvent.click(canvas.getByRole('button', { name: 'NSE options', pressed: false }));
    await expect(canvas.getByRole('button', { name: 'NSE options', pressed: true })).toBeVisible();
  },
};

export const PlaybookFormEdit: AreaStory = {
  args: { routePath: '/playbook/edit/:id', routeParams: { id: 'p1' } },
  render: () => <Editable playbookId="p1" initial={orb} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Edit playbook', level: 1 })).toBeVisible();
    // A saved timeframe outside the presets stays selected.
    await expect(canvas.getByRole('button', { name: '2h', pressed: true })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Move rule 1 down' }));
    await expect(canvas.getByRole('textbox', { name: 'Rule 1' })).toHaveValue(
      'Enter on a 5-minute close beyond the range on above-average volume',
    );
    await expect(canvas.getByRole('textbox', { name: 'Rule 2' })).toHaveValue(
      'Wait for the 15-minute opening range to complete',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Remove rule 3' }));
    await expect(canvas.queryByRole('textbox', { name: 'Rule 3' })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Rule 2' })).toHaveFocus();
  },
};

export const PlaybookFormValidation: AreaStory = {
  render: () => (
    <Editable
      initial={{ ...orb, name: '  ', rules: [...orb.rules.slice(0, 2), { id: 'rule-new', text: '' }] }}
      fieldErrors={{ name: 'Give the playbook a name.', rule: { 'rule-new': 'Write the rule, or remove it.' } }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      'Give the playbook a name.',
    );
    await expect(canvas.getByRole('textbox', { name: 'Rule 3' })).toHaveAccessibleDescription(
      'Write the rule, or remove it.',
    );
    await expect(canvas.getByRole('textbox', { name: 'Rule 3' })).toBeInvalid();
  },
};

export const PlaybookFormSaveFailed: AreaStory = {
  render: () => <Editable playbookId="p1" initial={orb} serviceError="Could not save: the network is unreachable." />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'Could not save: the network is unreachable.',
    );
  },
};

export const PlaybookFormSaving: AreaStory = {
  render: () => <Editable playbookId="p1" initial={orb} status="saving" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Saving/ })).toBeDisabled();
  },
};

export const PlaybookFormLoading: AreaStory = {
  render: () => <Editable playbookId="p1" initial={emptyPlaybook} status="loading" />,
  play: heading('Edit playbook'),
};

export const PlaybookFormError: AreaStory = {
  render: () => <Editable playbookId="p1" initial={emptyPlaybook} status="error" errorDetail="Failed to fetch" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  },
};

export const PlaybookFormNotFound: AreaStory = {
  args: { routePath: '/playbook/edit/:id', routeParams: { id: 'missing' } },
  render: () => <Editable playbookId="missing" initial={emptyPlaybook} status="not-found" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Playbook not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to playbooks' })).toHaveAttribute('href', '/playbooks');
  },
};
