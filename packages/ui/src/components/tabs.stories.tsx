import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  tags: ['autodocs'],
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

function Example() {
  return (
    <Tabs defaultValue="day">
      <TabsList aria-label="Period">
        <TabsTrigger value="day">Day</TabsTrigger>
        <TabsTrigger value="week">Week</TabsTrigger>
        <TabsTrigger value="month">Month</TabsTrigger>
        <TabsTrigger value="year" disabled>
          Year
        </TabsTrigger>
      </TabsList>
      <TabsContent value="day">Today: 6 trades, 4 winners.</TabsContent>
      <TabsContent value="week">This week: 21 trades, 12 winners.</TabsContent>
      <TabsContent value="month">This month: 84 trades, 47 winners.</TabsContent>
    </Tabs>
  );
}

export const Keyboard: Story = {
  render: () => <Example />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Day' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
    await expect(await canvas.findByText('This week: 21 trades, 12 winners.')).toBeVisible();
  },
};

export const Dark: Story = { render: () => <Example />, globals: { theme: 'dark' } };
