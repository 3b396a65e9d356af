import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { ExcludedTradesNotice, type ExcludedTradesNoticeProps } from './excluded-trades-notice';

type Args = ExcludedTradesNoticeProps & PageStoryArgs;

const meta = {
  title: 'Screens/Journal/Excluded trades notice',
  component: ExcludedTradesNotice,
  decorators: [PageDecorator],
  args: { routePath: '/dashboard', count: 3, href: '/trades?status=missing_cost' },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<Args>;

export const Several: Story = {
  play: async ({ canvasElement }) => {
    const notice = await within(canvasElement).findByRole('status');
    await expect(notice).toHaveTextContent('3 sales without a cost basis are left out of these figures.');
    const link = within(notice).getByRole('link', { name: 'Give their cost' });
    await expect(link).toHaveAttribute('href', '/trades?status=missing_cost');
    link.focus();
    await expect(link).toHaveFocus();
  },
};

export const One: Story = {
  args: { count: 1 },
  play: async ({ canvasElement }) => {
    const notice = await within(canvasElement).findByRole('status');
    await expect(notice).toHaveTextContent('1 sale without a cost basis is left out of these figures.');
    await expect(within(notice).getByRole('link', { name: 'Give its cost' })).toBeVisible();
  },
};

export const ManyIndianGrouping: Story = {
  args: { count: 125000 },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      '1,25,000 sales without a cost basis are left out of these figures.',
    );
  },
};

export const WithoutLink: Story = {
  args: { href: undefined },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('status');
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};

export const NoneRendersNothing: Story = {
  args: { count: 0 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="excluded-trades-notice"]')).toBeNull();
  },
};
