import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/app-shell';
import { ErrorPanel } from '../../components/error-boundary';
import { PLANS_FIXTURE } from '../../fixtures/plans';
import { AUTH_MESSAGES as MESSAGES } from '../../fixtures/service-messages';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { AccessUnavailable, NotFound, SecureContent, SubscriptionRequired, VerifyingAccess } from './access';

const meta = {
  title: 'Screens/Access',
  component: VerifyingAccess,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/dashboard' },
} satisfies Meta<PageStoryArgs>;

export default meta;
type Story = StoryObj<PageStoryArgs>;

export const Verifying: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(MESSAGES.verifyingAccess);
  },
};

export const SecureContentNoUser: Story = {
  render: () => <SecureContent />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: MESSAGES.secureContentTitle })).toBeVisible();
    await expect(canvas.getByText(MESSAGES.secureContentBody)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(canvas.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  },
};

export const SecureContentDark: Story = { render: () => <SecureContent />, globals: { theme: 'dark' } };

export const SubscriptionRequiredPanel: Story = {
  render: () => <SubscriptionRequired plans={PLANS_FIXTURE} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: MESSAGES.subscriptionRequired })).toBeVisible();
    // Prices from billing's PLANS, worked by hand from the spec: monthly ₹360, yearly ₹3,240.
    await expect(
      canvas.getByText(/Plans start at ₹360 a month, or ₹3,240 a year \(25% off annual billing\)\./),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscription');
  },
};

const retry = fn();

/** The checks failed three times (600 ms, then 1200 ms apart) with the network down: the user can check again. */
export const CheckFailed: Story = {
  render: () => <AccessUnavailable message={MESSAGES.accessCheckUnavailable} onRetry={retry} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Access check failed' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      "We couldn't verify your access. Check your connection and try again.",
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(retry).toHaveBeenCalledOnce();
  },
};

export const CheckFailedDark: Story = { ...CheckFailed, play: undefined, globals: { theme: 'dark' } };

const reload = fn();
const reset = fn();

export const FailurePanel: Story = {
  render: () => (
    <AppShell userName="Priya Sharma">
      <ErrorPanel onReload={reload} onReset={reset} />
    </AppShell>
  ),
  args: { routePath: '/analytics' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reload Page' }));
    await expect(reload).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset Component' }));
    await expect(reset).toHaveBeenCalled();
  },
};

export const NotFoundPage: Story = {
  render: () => <NotFound />,
  args: { routePath: '/no-such-page' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Page not found' })).toBeVisible();
  },
};

export const NotFoundMobile: Story = {
  render: () => <NotFound />,
  args: { routePath: '/no-such-page' },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    // The story runs at phone width in the test browser too.
    await expect(canvasElement.ownerDocument.defaultView?.innerWidth).toBe(360);
  },
};
