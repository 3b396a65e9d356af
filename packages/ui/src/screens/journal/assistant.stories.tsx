import { answerQuestion, INSIGHT_QUESTIONS, type InsightLink } from '@bahi/trading';
import type { Meta } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { journalTrades, playbookNames } from '../../fixtures/journal-trades';
import { Shell, type AreaStory as Story } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { AssistantScreen, type ChatMessage } from './assistant';

const meta = {
  title: 'Screens/Journal/AI assistant',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/Bahi-AI' },
} satisfies Meta<PageStoryArgs>;
export default meta;

// The twelve-trade January 2026 journal of fixtures/journal-trades.ts, answered by the real engine.
const journal = {
  trades: journalTrades,
  playbooks: Object.entries(playbookNames).map(([id, name]) => ({ id, name })),
};
const now = new Date('2026-01-31T18:00:00+05:30');
const suggestions = INSIGHT_QUESTIONS.map((q) => q.question);
const hrefFor = (link: InsightLink) =>
  link.kind === 'trade'
    ? `/trades/${link.tradeId}`
    : `/${link.kind}?${new URLSearchParams(Object.entries(link.filter).map(([k, v]) => [k, String(v)])).toString()}`;

const reply = (id: string, question: string): ChatMessage[] => {
  const answer = answerQuestion(question, journal, { now });
  return [
    { id: `${id}q`, role: 'user', text: question },
    { id: `${id}a`, role: 'assistant', text: answer.text, answer, source: 'journal' },
  ];
};
const conversation: ChatMessage[] = [
  ...reply('1', 'What are my best and worst setups?'),
  ...reply('2', 'How much have I paid in charges?'),
];

const send = fn();
function Assistant(props: Partial<React.ComponentProps<typeof AssistantScreen>>) {
  return (
    <Shell>
      <AssistantScreen
        status="ready"
        model="unavailable"
        suggestions={suggestions}
        hrefFor={hrefFor}
        onSend={send}
        {...props}
      />
    </Shell>
  );
}

export const AssistantEmpty: Story = {
  render: () => <Assistant />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    send.mockClear();
    await expect(canvas.getByText('Answers come from your journal on this device.')).toBeVisible();
    const chips = within(canvas.getAllByRole('list', { name: 'Suggested questions' })[0]!);
    await userEvent.click(chips.getByRole('button', { name: 'What is my current streak?' }));
    await expect(send).toHaveBeenCalledWith('What is my current streak?');
    // Enter sends; Shift+Enter would start a new line.
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Ask about your trades' }),
      'Am I better long or short?{Enter}',
    );
    await expect(send).toHaveBeenLastCalledWith('Am I better long or short?');
    await expect(canvas.getByRole('textbox', { name: 'Ask about your trades' })).toHaveValue('');
  },
};

export const AssistantConversation: Story = {
  render: () => <Assistant messages={conversation} onClear={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Charges 600 on 12 trades, gross +12,140 (the fixture's header): 5%, 600 ÷ 12 = ₹50.00 a trade; net
    // 12,140 − 600 = +11,540. Exact, with paise, as the dashboard shows the same figures.
    await expect(canvas.getByRole('log', { name: 'Conversation' })).toHaveTextContent(
      'You paid ₹600.00 in charges on 12 trades (₹50.00 a trade). That is 5% of your +₹12,140.00 gross P&L; net after charges +₹11,540.00.',
    );
    // Each amount stays on one line with its sign, however narrow the bubble.
    await expect(canvas.getAllByText('+₹11,540.00')[0]).toHaveClass('whitespace-nowrap');
    const charges = canvas.getByRole('table', { name: /^Charges/ });
    const paid = within(charges).getByRole('row', { name: /Charges paid/ });
    await expect(
      within(paid)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['₹600.00', '12', '']);
    const setups = canvas.getByRole('table', { name: 'Net P&L by playbook' });
    await expect(within(setups).getByRole('rowheader', { name: 'Opening range breakout' })).toBeVisible();
    await expect(within(setups).getAllByRole('link', { name: 'Trades' })[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/trades\?playbookId=/),
    );
    await expect(canvas.getByRole('button', { name: 'Clear conversation' })).toBeVisible();
  },
};

/** On a phone the figures keep two columns; the trades, win rate and link go under each figure's name. */
export const AssistantConversationMobile: Story = {
  render: () => <Assistant messages={conversation} onClear={fn()} />,
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const setups = canvas.getByRole('table', { name: 'Net P&L by playbook' });
    await expect(
      within(setups)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Figure', 'Value']);
    // The answer says it: the best setup won all of its 4 trades.
    await expect(within(setups).getByRole('rowheader', { name: /^Opening range breakout/ })).toHaveTextContent(
      '4 trades · 100% won · Trades',
    );
    for (const table of canvas.getAllByRole('table')) {
      const frame = table.parentElement as HTMLElement;
      await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    }
  },
};

/** The real engine behind the chips: ask, and the answer appears with its figures. */
export const AssistantAnswersFromJournal: Story = {
  render: function Render() {
    const [messages, setMessages] = React.useState<ChatMessage[]>([]);
    return (
      <Assistant
        messages={messages}
        onSend={(q) => setMessages((m) => [...m, ...reply(String(m.length), q)])}
        onClear={() => setMessages([])}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'What can you answer?' }));
    await expect(await canvas.findByText(/I answer these questions from your own journal/)).toBeVisible();
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Ask about your trades' }),
      'Should I buy Reliance tomorrow?{Enter}',
    );
    await expect(await canvas.findByText(/I can't answer that yet/)).toBeVisible();
    // The drawdown reads as on the dashboard (fixtures/journal-trades.ts: the 8,950 close down to 6,150), exact and
    // with a real minus: −₹2,800.00, never ₹2,800.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Ask about your trades' }), "What's my win rate?{Enter}");
    const drawdown = await canvas.findByRole('row', { name: /^Max drawdown/ });
    await expect(within(drawdown).getAllByRole('cell')[0]).toHaveTextContent('−₹2,800.00');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear conversation' }));
    await expect(canvas.getByRole('heading', { name: 'Ask about your trading' })).toBeVisible();
  },
};

export const AssistantWithModel: Story = {
  render: () => {
    const [question, answer] = reply('m', 'Which weekday is my best and worst?');
    const fromModel: ChatMessage = {
      ...answer!,
      id: 'ma',
      source: 'model',
      text: 'Your results lean on a few days: see the weekday table below, each with its sample size. With 12 trades in all, treat any pattern as a hint, not a rule.',
    };
    return <Assistant model="available" useModel onUseModelChange={fn()} messages={[question!, fromModel]} />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('switch', { name: 'Ask the AI model' })).toBeChecked();
    await expect(canvas.getByText(/Trades themselves are never sent/)).toBeVisible();
    await expect(canvas.getByText('AI model')).toBeVisible();
  },
};

export const AssistantThinking: Story = {
  render: () => <Assistant messages={conversation.slice(0, 1)} thinking model="available" useModel />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Asking the AI model…')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

export const AssistantError: Story = {
  render: () => (
    <Assistant
      messages={conversation.slice(0, 2)}
      model="available"
      useModel
      error="The assistant took too long to answer. Try again, or use the built-in answers."
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The assistant took too long to answer.');
  },
};

export const AssistantNoTrades: Story = {
  render: () => <Assistant status="empty" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your journal has no closed trades yet')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Add trade' })).toHaveAttribute('href', '/trade-form');
  },
};

export const AssistantLoading: Story = {
  render: () => <Assistant status="loading" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'AI assistant', level: 1 })).toBeVisible();
  },
};

export const AssistantJournalError: Story = {
  render: () => <Assistant status="error" errorDetail="Failed to fetch" onRetry={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  },
};
