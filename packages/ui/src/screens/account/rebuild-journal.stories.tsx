import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/app-shell';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { ProfileScreen } from './profile';
import { RebuildJournalCard, type RebuildJournalCardProps, type RebuildJournalPreview } from './rebuild-journal';

const meta = {
  title: 'Screens/Account/Rebuild my journal',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/profile' },
} satisfies Meta<PageStoryArgs>;

export default meta;
type Story = StoryObj<PageStoryArgs>;

/** The trader set their state after importing eight years: the trades before 1 Jul 2020 get Karnataka's duty. */
const changes: RebuildJournalPreview = {
  checked: 22_088,
  unchanged: 21_772,
  refigured: 312,
  rematched: 4,
  rematchedInto: 5,
  estimates: [{ reason: 'charges at the rates of 1 Apr 2018 (our rate tables start there)', trades: 3 }],
};

const onCheck = fn();
const onConfirm = fn();
const onCancel = fn();

function Card(props: Pick<RebuildJournalCardProps, 'state'>) {
  return (
    <div className="mx-auto max-w-3xl p-6">
      <RebuildJournalCard onCheck={onCheck} onConfirm={onConfirm} onCancel={onCancel} {...props} />
    </div>
  );
}

const card = (canvasElement: HTMLElement) => within(canvasElement);

export const OnProfile: Story = {
  render: () => (
    <AppShell userName="Priya Sharma">
      <ProfileScreen
        email="priya@example.in"
        fullName="Priya Sharma"
        rebuildJournal={{ state: { step: 'idle' }, onCheck }}
      />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    const canvas = card(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Rebuild my journal', level: 2 })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Check what changes' }));
    await expect(onCheck).toHaveBeenCalled();
  },
};

export const Checking: Story = {
  render: () => <Card state={{ step: 'checking' }} />,
  play: async ({ canvasElement }) => {
    const button = card(canvasElement).getByRole('button', { name: 'Replaying your fills…' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const Preview: Story = {
  render: () => <Card state={{ step: 'preview', preview: changes }} />,
  play: async ({ canvasElement }) => {
    const canvas = card(canvasElement);
    const lines = canvas.getByRole('list', { name: 'What a rebuild changes' });
    await expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "22,088 imported trades replayed under today's rates and matching.",
      '312 trades get new charges or P&L.',
      '4 trades are matched again, into 5 trades.',
      '21,772 trades stay as they are.',
      '3 trades have charges at the rates of 1 Apr 2018 (our rate tables start there).',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Rebuild 316 trades' }));
    await expect(onConfirm).toHaveBeenCalled();
  },
};

export const PreviewWithAssumption: Story = {
  render: () => (
    <Card
      state={{
        step: 'preview',
        preview: {
          ...changes,
          estimates: [
            {
              reason: "stamp duty at Maharashtra's rate (your state is not set)",
              trades: 4_210,
              fix: { label: 'Set your state on your profile', href: '/profile#broker-charges' },
            },
          ],
        },
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = card(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Set your state on your profile' })).toHaveAttribute(
      'href',
      '/profile#broker-charges',
    );
  },
};

export const UpToDate: Story = {
  render: () => (
    <Card
      state={{
        step: 'preview',
        preview: { checked: 1_204, unchanged: 1_204, refigured: 0, rematched: 0, rematchedInto: 0, estimates: [] },
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = card(canvasElement);
    await expect(canvas.getByText('Your journal is up to date: every trade comes out as it is.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Rebuild/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Done' }));
    await expect(onCancel).toHaveBeenCalled();
  },
};

export const NothingImported: Story = {
  render: () => (
    <Card
      state={{
        step: 'preview',
        preview: { checked: 0, unchanged: 0, refigured: 0, rematched: 0, rematchedInto: 0, estimates: [] },
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(
      card(canvasElement).getByText('Nothing to rebuild yet: your journal has no imported trades.'),
    ).toBeVisible();
  },
};

export const Rebuilding: Story = {
  render: () => <Card state={{ step: 'rebuilding', done: 1, total: 3 }} />,
  play: async ({ canvasElement }) => {
    const bar = card(canvasElement).getByRole('progressbar', { name: 'Rebuilding your journal: Saving part 2 of 3…' });
    await expect(bar).toHaveAttribute('aria-valuenow', '33');
  },
};

export const Done: Story = {
  render: () => <Card state={{ step: 'done', refigured: 312, rematched: 4 }} />,
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement).getByRole('status')).toHaveTextContent(
      'Journal rebuilt: 312 trades have new charges or P&L; 4 trades were matched again.',
    );
  },
};

export const Failed: Story = {
  render: () => (
    <Card
      state={{
        step: 'failed',
        message:
          'Some trades this change rebuilds are no longer in your journal as they were. Reload the page and try again. 2 of 5 parts were saved; rebuild again to finish.',
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = card(canvasElement);
    await expect(canvas.getByText('The rebuild did not finish')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(onCheck).toHaveBeenCalled();
  },
};
