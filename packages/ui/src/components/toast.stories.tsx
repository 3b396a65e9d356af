import * as ToastPrimitive from '@radix-ui/react-toast';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { AUTH_MESSAGES as MESSAGES, BILLING_MESSAGES as messages } from '../fixtures/service-messages';
import { Button } from './button';
import { Toast, Toaster, toast } from './toast';

const meta = {
  title: 'Components/Toast',
  component: Toaster,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    toast.dismiss();
  },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

function Demo() {
  return (
    <div className="flex flex-wrap gap-2 p-4">
      <Button onClick={() => toast.success(messages.paymentSuccessful)}>Success</Button>
      <Button variant="destructive" onClick={() => toast.error(MESSAGES.signInFailed)}>
        Error
      </Button>
      <Button variant="outline" onClick={() => toast.info(MESSAGES.accountSwitched)}>
        Info
      </Button>
      <Toaster />
    </div>
  );
}

/** Three toasts raised: only the two newest stay; each has a close button; Enter/Space on it closes. */
export const AtMostTwo: Story = {
  render: () => <Demo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Success' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Error' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Info' }));
    await screen.findByText(MESSAGES.accountSwitched);
    await waitFor(() =>
      expect(screen.queryByText(messages.paymentSuccessful, { selector: '[data-slot=toast-title]' })).toBeNull(),
    );
    await expect(document.querySelectorAll('[data-slot=toast]')).toHaveLength(2);
    const close = screen.getAllByRole('button', { name: 'Close notification' });
    await expect(close).toHaveLength(2);
  },
};

/** Toasts leave by themselves after two seconds. */
export const DismissesAfterTwoSeconds: Story = {
  render: () => <Demo />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Success' }));
    await screen.findByText(messages.paymentSuccessful, { selector: '[data-slot=toast-title]' });
    await waitFor(
      () => expect(screen.queryByText(messages.paymentSuccessful, { selector: '[data-slot=toast-title]' })).toBeNull(),
      { timeout: 3500 },
    );
  },
};

export const CloseWithKeyboard: Story = {
  render: () => <Demo />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Error' }));
    const close = await screen.findByRole('button', { name: 'Close notification' });
    close.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close notification' })).toBeNull());
  },
};

function Catalog() {
  return (
    <ToastPrimitive.Provider duration={Number.POSITIVE_INFINITY}>
      <ToastPrimitive.Viewport className="flex w-full max-w-sm flex-col gap-2 p-4" />
      <Toast open title={messages.paymentSuccessful} variant="success" />
      <Toast
        open
        title={messages.verificationFailed}
        description="Order order_PQ93xY. Keep this number for support."
        variant="error"
      />
      <Toast open title={MESSAGES.accountSwitched} variant="info" />
    </ToastPrimitive.Provider>
  );
}

export const AllVariants: Story = { render: () => <Catalog /> };
export const AllVariantsDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };

function Raise() {
  useEffect(() => {
    toast.success('Trade saved');
  }, []);
  return <Toaster duration={Number.POSITIVE_INFINITY} />;
}
export const FromToastApi: Story = {
  render: () => <Raise />,
  play: async () => {
    await expect(await screen.findByText('Trade saved')).toBeVisible();
  },
};
