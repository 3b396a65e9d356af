import type { Meta, StoryObj } from '@storybook/react-vite';
import { Info } from 'lucide-react';
import { expect, screen, userEvent } from 'storybook/test';
import { IconButton } from './button';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

function Example({ open }: { open?: boolean }) {
  return (
    <Tooltip open={open}>
      <TooltipTrigger asChild>
        <IconButton label="What is expectancy?" icon={<Info />} />
      </TooltipTrigger>
      <TooltipContent>Win rate × average win − loss rate × average loss, per trade.</TooltipContent>
    </Tooltip>
  );
}

export const OnFocus: Story = {
  render: () => <Example />,
  play: async () => {
    await userEvent.tab();
    const tip = await screen.findByRole('tooltip');
    await expect(tip).toHaveTextContent('Win rate × average win − loss rate × average loss, per trade.');
  },
};

export const Open: Story = { render: () => <Example open /> };
export const OpenDark: Story = { render: () => <Example open />, globals: { theme: 'dark' } };
