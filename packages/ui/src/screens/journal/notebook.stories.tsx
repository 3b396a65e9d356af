import type { Meta } from '@storybook/react-vite';
import * as React from 'react';
import { expect, screen, userEvent, within } from 'storybook/test';
import { type AreaStory, Shell, states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { type NotebookDraft, type NotebookEntry, NotebookScreen, type NotebookScreenProps } from './notebook';

const meta = {
  title: 'Screens/Journal/Notebook',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/notebook' },
} satisfies Meta<PageStoryArgs>;
export default meta;

const entries: NotebookEntry[] = [
  {
    id: 'n1',
    kind: 'page',
    journalDate: null,
    title: 'My trading rules',
    body: '1. Risk at most 1% of capital per trade.\n2. Stop trading for the day after two losses.',
    pinned: true,
    updatedAt: '2026-07-30T15:30:00Z',
  },
  {
    id: 'n2',
    kind: 'page',
    journalDate: null,
    title: 'Lessons from August',
    body: 'Most losses came from second trades taken to win back the first.',
    pinned: false,
    updatedAt: '2026-08-31T15:45:00Z',
  },
  {
    id: 'n3',
    kind: 'daily',
    journalDate: '2026-11-20',
    title: 'Week review',
    body: 'Three green days out of five. Carrying one swing position into next week.',
    pinned: false,
    updatedAt: '2026-11-20T14:00:00Z',
  },
  {
    id: 'n4',
    kind: 'daily',
    journalDate: '2026-09-18',
    title: 'Overtraded',
    body: 'Two trades, the second one was revenge.',
    pinned: false,
    updatedAt: '2026-09-18T13:40:00Z',
  },
];
const day = {
  trades: [
    { id: 't1', symbol: 'NIFTY26NOVFUT', side: 'long' as const, netPnl: 4_212.4 },
    { id: 't2', symbol: 'HDFCBANK', side: 'short' as const, netPnl: -1_180.25 },
    { id: 't3', symbol: 'TCS', side: 'long' as const, netPnl: null },
    { id: 't4', symbol: 'INFY', side: 'long' as const, netPnl: null, closedOn: '2026-11-24' },
  ],
  netPnl: 3_032.15,
  closed: 2,
};
const week = entries[2]!;

/** The screen with the draft in state, as the page holds it. */
function Editable(props: Omit<NotebookScreenProps, 'draft' | 'onDraftChange' | 'today'> & { initial?: NotebookDraft }) {
  const [draft, setDraft] = React.useState<NotebookDraft>(props.initial ?? { title: '', body: '', pinned: false });
  const [saveState, setSaveState] = React.useState(props.saveState ?? 'saved');
  return (
    <Shell>
      <NotebookScreen
        {...props}
        today="2026-11-21"
        draft={draft}
        saveState={saveState}
        onDraftChange={(d) => {
          setDraft(d);
          setSaveState('unsaved');
        }}
        onSave={() => setSaveState('saved')}
      />
    </Shell>
  );
}

const notebook = states('Notebook', '/notebook', (s) => (
  <NotebookScreen
    status={s}
    entries={entries}
    today="2026-11-21"
    selection={{ kind: 'daily', date: '2026-11-20' }}
    current={week}
    draft={{ title: week.title, body: week.body, pinned: false }}
    saveState="saved"
    day={day}
  />
));
export const NotebookPopulated: AreaStory = {
  ...notebook.Populated,
  args: { routePath: '/notebook?date=2026-11-20' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: /Friday, 20 November 2026/ })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Saved, 20 Nov 2026, 19:30$/);
    const trades = within(canvas.getByRole('complementary', { name: 'Trades on this day' }));
    await expect(trades.getByText('+₹3,032.15')).toBeVisible();
    await expect(trades.getByText('after charges, 2 trades closed this day')).toBeVisible();
    // opened this day: TCS still open, INFY closed on the 24th (its P&L is that day's)
    await expect(trades.getByText('Open')).toBeVisible();
    await expect(trades.getByText('Closed 24 Nov')).toBeVisible();
    await expect(trades.getByRole('link', { name: 'Open in trades' })).toHaveAttribute(
      'href',
      '/trades?from=2026-11-20&to=2026-11-20',
    );
    const list = within(canvas.getByRole('navigation', { name: 'Notebook entries' }));
    await expect(list.getByRole('link', { current: 'page' })).toHaveAttribute('href', '/notebook?date=2026-11-20');
    await expect(list.getByRole('link', { name: /Pinned: My trading rules/ })).toHaveAttribute(
      'href',
      '/notebook?note=n1',
    );
  },
};
export const NotebookEmpty = notebook.Empty;
export const NotebookLoading = notebook.Loading;
export const NotebookError = notebook.Error;

export const NotebookNothingOpen: AreaStory = {
  render: () => (
    <Shell>
      <NotebookScreen status="ready" entries={entries} today="2026-11-21" />
    </Shell>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Pick a page on the left/)).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: 'Today’s journal' })[0]).toHaveAttribute(
      'href',
      '/notebook?date=2026-11-21',
    );
  },
};

export const NotebookPageEditing: AreaStory = {
  args: { routePath: '/notebook?note=n1' },
  render: () => (
    <Editable
      status="ready"
      entries={entries}
      selection={{ kind: 'page', id: 'n1' }}
      current={entries[0]}
      initial={{ title: entries[0]!.title, body: entries[0]!.body, pinned: true }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = canvas.getByRole('textbox', { name: 'Page' });
    await userEvent.type(body, '\n3. No trades in the first five minutes.');
    await expect(canvas.getByRole('status')).toHaveTextContent('Unsaved changes');
    await userEvent.click(canvas.getByRole('button', { name: 'Save now' }));
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Saved/);
    await expect(canvas.getByRole('switch', { name: 'Pin to the top' })).toBeChecked();
    // Deleting asks first.
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    await expect(await screen.findByRole('alertdialog', { name: 'Delete this page?' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
  },
};

export const NotebookNewDay: AreaStory = {
  args: { routePath: '/notebook?date=2026-11-21' },
  render: () => (
    <Editable
      status="ready"
      entries={entries}
      selection={{ kind: 'daily', date: '2026-11-21' }}
      day={{ trades: [], netPnl: 0, closed: 0 }}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: /Saturday, 21 November 2026/ })).toBeVisible();
    await expect(canvas.getByText('No trades on this day.')).toBeVisible();
    // Not saved yet, so there is nothing to delete.
    await expect(canvas.queryByRole('button', { name: 'Delete' })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Journal entry' })).toHaveAccessibleDescription(
      /Plan before the open/,
    );
  },
};

export const NotebookSaveFailed: AreaStory = {
  args: { routePath: '/notebook?date=2026-11-20' },
  render: () => (
    <NotebookScreenShell
      saveState="error"
      saveError="the network is unreachable. Your text is kept here; it saves when you try again."
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Not saved: the network is unreachable/);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const NotebookSaving: AreaStory = {
  args: { routePath: '/notebook?date=2026-11-20' },
  render: () => <NotebookScreenShell saveState="saving" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Saving…');
  },
};

export const NotebookPageNotFound: AreaStory = {
  args: { routePath: '/notebook?note=gone' },
  render: () => (
    <Shell>
      <NotebookScreen status="ready" entries={entries} today="2026-11-21" missingPage />
    </Shell>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'That page does not exist any more: it may have been deleted.',
    );
  },
};

export const NotebookSearchNoMatch: AreaStory = {
  render: () => (
    <Shell>
      <NotebookScreen status="ready" entries={[]} search="breakout" today="2026-11-21" />
    </Shell>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing matches “breakout”.')).toBeVisible();
  },
};

function NotebookScreenShell(props: Pick<NotebookScreenProps, 'saveState' | 'saveError'>) {
  return (
    <Shell>
      <NotebookScreen
        status="ready"
        entries={entries}
        today="2026-11-21"
        selection={{ kind: 'daily', date: '2026-11-20' }}
        current={week}
        draft={{ title: week.title, body: `${week.body} Trailed the stop on NIFTY.`, pinned: false }}
        day={day}
        {...props}
      />
    </Shell>
  );
}
