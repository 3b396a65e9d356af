import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../components/app-shell';
import { PLANS_FIXTURE } from '../../fixtures/plans';
import { BILLING_MESSAGES as messages } from '../../fixtures/service-messages';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { SubscriptionScreen, type SubscriptionScreenProps } from './subscription';

type Args = SubscriptionScreenProps & PageStoryArgs;

const meta = {
  title: 'Screens/Subscription',
  component: SubscriptionScreen,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: {
    routePath: '/subscription',
    state: { status: 'no-plan' },
    plans: PLANS_FIXTURE,
    onChoosePlan: fn(),
    onCancelSubscription: fn(),
  },
  render: (args) => (
    <AppShell userName="Rohan Mehta">
      <SubscriptionScreen {...args} />
    </AppShell>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

export const Loading: Story = {
  args: { state: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading your subscription…');
    // Nothing to buy or cancel until we know what the user has.
    await expect(canvas.queryByRole('button', { name: /Choose|Cancel subscription/ })).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { state: { status: 'load-failed', detail: 'Failed to fetch' }, onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The spec's words, with one plain way out: a failed read is tried again, not "reset".
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Choose/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const LoadFailedDark: Story = { ...LoadFailed, play: undefined, globals: { theme: 'dark' } };

export const NoPlan: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('₹360')).toBeVisible();
    await expect(canvas.getByText('₹3,240')).toBeVisible();
    await expect(canvas.getByText('25% off annual billing')).toBeVisible();
    await expect(canvas.getByText('Save 25%')).toBeVisible();
    await expect(canvas.getByText('₹270 a month')).toBeVisible(); // 3,240 / 12
    // Side by side, the two prices stand on one line: the yearly card's badge does not push its price down.
    const top = (price: string) => Math.round(canvas.getByText(price).getBoundingClientRect().top);
    await expect(top('₹3,240')).toBe(top('₹360'));
    const yearly = canvas.getByRole('button', { name: 'Choose Yearly plan, ₹3,240 a year' });
    yearly.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChoosePlan).toHaveBeenCalledWith('yearly');
  },
};

export const NoPlanMobile: Story = { globals: { viewport: { value: 'mobile' } } };
export const NoPlanDark: Story = { globals: { theme: 'dark' } };

export const CreatingOrder: Story = {
  args: { state: { status: 'creating-order', plan: 'monthly' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Creating order/ })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: /Choose Yearly/ })).toBeDisabled();
  },
};

export const CheckoutOpen: Story = { args: { state: { status: 'checkout-open', plan: 'yearly' } } };

export const Verifying: Story = {
  args: { state: { status: 'verifying', plan: 'yearly' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Verifying your payment…');
  },
};

export const Success: Story = {
  args: { state: { status: 'success', plan: 'yearly' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(messages.paymentSuccessful)).toBeVisible();
  },
};

export const Canceled: Story = {
  args: { state: { status: 'canceled' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(messages.paymentCanceled)).toBeVisible();
  },
};

function failure(message: string): Story {
  return {
    args: { state: { status: 'failed', message } },
    play: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(message);
    },
  };
}

/** A plan id other than monthly or yearly (spec §5). */
export const FailedInvalidPlan = failure(messages.invalidPlan);
export const FailedCreateOrder = failure(messages.orderFailed);
export const FailedUnavailable = failure(messages.checkoutUnavailable);
export const FailedVerification = failure(messages.verificationFailed);
export const FailedVerificationDeducted = failure(messages.verificationFailedMaybeDeducted);
export const FailedSessionNotFound = failure(messages.sessionNotFound);
export const FailedSessionInvalid = failure(messages.sessionInvalid);

export const Active: Story = {
  args: { state: { status: 'active', plan: 'yearly', endDate: '2027-01-15T18:29:59Z' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your access runs until 15 January 2027.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep my plan' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await expect(args.onCancelSubscription).toHaveBeenCalled();
  },
};

export const ActiveCancelling: Story = {
  args: { state: { status: 'active', plan: 'monthly', endDate: '2026-12-21T18:29:59Z', cancelling: true } },
};

export const ActiveCancelFailed: Story = {
  args: {
    state: {
      status: 'active',
      plan: 'monthly',
      endDate: '2026-12-21T18:29:59Z',
      cancelError: messages.cancelFailed,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(messages.cancelFailed);
  },
};

export const CancelledButActive: Story = {
  args: { state: { status: 'cancelled-active', plan: 'monthly', endDate: '2026-12-21T18:29:59Z' } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Your plan will not renew. Access continues until 21 December 2026.'),
    ).toBeVisible();
  },
};

export const Expired: Story = {
  args: { state: { status: 'expired', plan: 'monthly', endDate: '2026-10-31T18:29:59Z' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Your Monthly plan ended on 31 October 2026.')).toBeVisible();
  },
};

export const ActiveCancelFailedDark: Story = { ...ActiveCancelFailed, globals: { theme: 'dark' } };
export const CheckoutOpenDark: Story = { ...CheckoutOpen, globals: { theme: 'dark' } };
