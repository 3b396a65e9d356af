import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { PageDecorator, type PageStoryArgs } from '../stories/page-decorator';
import { AppShell, type AppShellProps } from './app-shell';

const meta = {
  title: 'Components/AppShell',
  component: AppShell,
  tags: ['autodocs'],
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: {
    routePath: '/dashboard',
    userName: 'Priya Sharma',
    children: <h1 className="font-semibold text-2xl">Dashboard</h1>,
  },
} satisfies Meta<AppShellProps & PageStoryArgs>;

export default meta;
type Story = StoryObj<AppShellProps & PageStoryArgs>;

const areas = [
  'Dashboard',
  'Trades',
  'Calendar',
  'Analytics',
  'Funds',
  'Tax P&L',
  'Playbooks',
  'Notebook',
  'Gallery',
  'Position sizing',
  'AI assistant',
  'Subscription',
  'Profile',
];

export const Desktop: Story = {
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    for (const area of areas) await expect(within(nav).getByRole('link', { name: area })).toBeInTheDocument();
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // The page's h1 names it; the top bar does not say it a second time.
    await expect(within(canvasElement).getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(within(within(canvasElement).getByRole('banner')).queryByText('Dashboard')).toBeNull();
  },
};

export const Admin: Story = { args: { isAdmin: true, routePath: '/admin' } };
export const DesktopDark: Story = { globals: { theme: 'dark' } };

export const ThemeToggle: Story = {
  globals: { viewport: { value: 'desktop' } },
  // Its play function starts from light ("Switch to dark theme"); DesktopDark is the shell in dark.
  parameters: { visualRegression: { dark: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Switch to dark theme' }));
    await expect(await canvas.findByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(canvas.getByRole('button', { name: 'Switch to light theme' }));
    await expect(document.documentElement).not.toHaveClass('dark');
  },
};

export const MobileNavigation: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menu = canvas.getByRole('button', { name: 'Open navigation' });
    menu.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    const nav = within(dialog).getByRole('navigation', { name: 'Mobile' });
    await expect(within(nav).getByRole('link', { name: 'Calendar' })).toBeVisible();
    // Following a link closes the menu.
    await userEvent.click(within(nav).getByRole('link', { name: 'Calendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};
