import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotebookPen } from 'lucide-react';
import { AUTH_MESSAGES as MESSAGES, BILLING_MESSAGES as messages } from '../fixtures/service-messages';
import { Alert } from './alert';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';

const meta = {
  title: 'Components/Feedback',
  component: Spinner,
  tags: ['autodocs'],
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

function Catalog() {
  return (
    <div className="grid max-w-2xl gap-8">
      <div className="flex items-center gap-4 text-primary">
        <Spinner size="sm" label="Loading trades" />
        <Spinner size="md" label="Loading analytics" />
        <Spinner size="lg" label="Loading calendar" />
      </div>
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-32 w-full" />
      </div>
      <div className="grid gap-3">
        <Alert variant="info" title={MESSAGES.accountSwitched} />
        <Alert variant="success" title={messages.paymentSuccessful}>
          Your Yearly plan is active until 15 January 2027.
        </Alert>
        <Alert variant="warning" title={messages.paymentCanceled} />
        <Alert variant="error" title={messages.verificationFailedMaybeDeducted}>
          Keep the Razorpay payment id (it starts with pay_) ready.
        </Alert>
      </div>
      <EmptyState
        icon={<NotebookPen />}
        title="Your notebook is empty"
        description="Write a pre-market plan or a post-session review. Notes you write here show up beside the day's trades in the calendar."
        action={<Button>Write today's plan</Button>}
      />
    </div>
  );
}

export const Spinners: Story = { args: { label: 'Loading trades' } };
export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };
