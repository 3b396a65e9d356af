import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/app-shell';
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
type Story = StoryObj<PageStoryArgs>;

const orb: PlaybookFormValues = {
  name: 'Opening range breakout',
  description: 'NIFTY futures, 5-minute chart, first 15 minutes as the range.',
  entryRules: 'Close above the range high on volume above the 20-bar average.',
  exitRules: 'Stop below the range low. Book half at 1R, trail the rest under 5-minute swing lows.',
  checklist: 'No major news in the next 30 minutes\nRisk ≤ 1% of capital\nNot after two losing trades today',
};

function Form(props: Partial<PlaybookFormScreenProps> & { initial?: PlaybookFormValues }) {
  const [values, setValues] = useState(props.initial ?? emptyPlaybook);
  return (
    <AppShell title="Playbooks" userName="Priya Sharma">
      <PlaybookFormScreen values={values} onChange={setValues} {...props} />
    </AppShell>
  );
}

const submit = fn();

export const Create: Story = {
  render: () => <Form onSubmit={submit} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'VWAP rejection');
    await userEvent.click(canvas.getByRole('button', { name: 'Create playbook' }));
    await expect(submit).toHaveBeenCalledWith(expect.objectContaining({ name: 'VWAP rejection' }));
  },
};
export const Edit: Story = {
  args: { routePath: '/playbook/edit/:id', routeParams: { id: 'p1' } },
  render: () => <Form playbookId="p1" initial={orb} />,
};
export const EditLoading: Story = {
  args: { routePath: '/playbook/edit/:id', routeParams: { id: 'p1' } },
  render: () => <Form playbookId="p1" status="loading" />,
};
export const Saving: Story = { render: () => <Form initial={orb} status="saving" /> };
export const FieldErrors: Story = { render: () => <Form fieldErrors={{ name: 'Give the playbook a name.' }} /> };
export const ServiceError: Story = {
  render: () => <Form initial={orb} serviceError="Could not save the playbook. Check your connection and try again." />,
};
