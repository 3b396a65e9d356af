import type { Meta } from '@storybook/react-vite';
import type * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
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

const send = fn();
const conversation: ChatMessage[] = [
  { id: 'm1', role: 'user', text: 'Why was last week red?' },
  {
    id: 'm2',
    role: 'assistant',
    text: 'Net −₹6,140 over 14 trades. Two VWAP rejection shorts on Wednesday lost ₹5,300 together: both entered before 11:00, which your playbook rules out. Without them the week was +₹1,460.',
  },
];
function Assistant(props: React.ComponentProps<typeof AssistantScreen>) {
  return (
    <Shell title="AI assistant">
      <AssistantScreen onSend={send} {...props} />
    </Shell>
  );
}
export const AssistantEmpty: Story = {
  args: { routePath: '/Bahi-AI' },
  render: () => <Assistant status="ready" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Ask about your trades' }), 'Am I cutting winners early?');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(send).toHaveBeenCalledWith('Am I cutting winners early?');
  },
};
export const AssistantConversation: Story = {
  args: { routePath: '/Bahi-AI' },
  render: () => <Assistant status="ready" messages={conversation} />,
};
export const AssistantThinking: Story = {
  args: { routePath: '/Bahi-AI' },
  render: () => <Assistant status="ready" messages={conversation.slice(0, 1)} thinking />,
};
export const AssistantError: Story = {
  args: { routePath: '/Bahi-AI' },
  render: () => (
    <Assistant
      status="ready"
      messages={conversation.slice(0, 1)}
      error="The assistant is busy. Try again in a minute."
    />
  ),
};
export const AssistantLoading: Story = {
  args: { routePath: '/Bahi-AI' },
  render: () => <Assistant status="loading" />,
};
