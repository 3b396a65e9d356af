import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AUTH_MESSAGES as MESSAGES } from '../../fixtures/service-messages';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import {
  ForgotPasswordScreen,
  LoginScreen,
  ResetPasswordScreen,
  SignupScreen,
  VerifyEmailScreen,
} from './auth-screens';

const meta = {
  title: 'Screens/Auth',
  component: LoginScreen,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/login', onSubmit: fn() },
} satisfies Meta<PageStoryArgs & { onSubmit?: (v: unknown) => void }>;

export default meta;
type Story = StoryObj<PageStoryArgs & { onSubmit?: (v: unknown) => void }>;

// Login

export const LoginIdle: Story = {
  render: (args) => <LoginScreen onSubmit={args.onSubmit} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Email' }));
    await userEvent.keyboard('priya@example.in');
    await userEvent.tab();
    await expect(canvas.getByLabelText(/^Password/)).toHaveFocus();
    await userEvent.keyboard('nifty-50-ka-raja{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'priya@example.in', password: 'nifty-50-ka-raja' });
  },
};
export const LoginSubmitting: Story = { render: () => <LoginScreen status="submitting" /> };
export const LoginFieldErrors: Story = {
  render: () => (
    <LoginScreen
      fieldErrors={{
        email: 'Enter your email address.',
        password: 'Enter your password.',
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    const email = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter your email address.');
  },
};
export const LoginServiceError: Story = {
  render: () => <LoginScreen serviceError={MESSAGES.signInFailed} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(MESSAGES.signInFailed);
  },
};
export const LoginMissingCredentials: Story = {
  render: () => <LoginScreen serviceError={MESSAGES.credentialsRequired} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(MESSAGES.credentialsRequired);
  },
};
export const LoginDark: Story = { render: () => <LoginScreen />, globals: { theme: 'dark' } };
export const LoginMobile: Story = { render: () => <LoginScreen />, globals: { viewport: { value: 'mobile' } } };

// Sign-up

export const SignupIdle: Story = {
  args: { routePath: '/signup' },
  render: (args) => <SignupScreen onSubmit={args.onSubmit} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Full name' }), 'Rohan Mehta');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'rohan@example.in');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'banknifty expiry discipline');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      fullName: 'Rohan Mehta',
      email: 'rohan@example.in',
      password: 'banknifty expiry discipline',
    });
  },
};
export const SignupSubmitting: Story = {
  args: { routePath: '/signup' },
  render: () => <SignupScreen status="submitting" />,
};
export const SignupFieldErrors: Story = {
  args: { routePath: '/signup' },
  render: () => (
    <SignupScreen
      fieldErrors={{
        fullName: 'Tell us your name.',
        email: 'Enter an email like name@example.com.',
        password: 'Use at least 8 characters.',
      }}
    />
  ),
};
export const SignupServiceError: Story = {
  args: { routePath: '/signup' },
  render: () => <SignupScreen serviceError={MESSAGES.signUpFailed} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(MESSAGES.signUpFailed);
  },
};

// Forgot password

export const ForgotIdle: Story = {
  args: { routePath: '/forgot-password' },
  render: (args) => <ForgotPasswordScreen onSubmit={args.onSubmit} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'priya@example.in{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'priya@example.in' });
  },
};
export const ForgotSubmitting: Story = {
  args: { routePath: '/forgot-password' },
  render: () => <ForgotPasswordScreen status="submitting" />,
};
export const ForgotFieldErrors: Story = {
  args: { routePath: '/forgot-password' },
  render: () => <ForgotPasswordScreen fieldErrors={{ email: 'Enter the email you signed up with.' }} />,
};
export const ForgotServiceError: Story = {
  args: { routePath: '/forgot-password' },
  render: () => <ForgotPasswordScreen serviceError="Too many requests. Try again in a minute." />,
};
export const ForgotSent: Story = {
  args: { routePath: '/forgot-password' },
  render: () => <ForgotPasswordScreen sentTo="priya@example.in" />,
};

// Reset password

export const ResetIdle: Story = {
  args: { routePath: '/reset-password' },
  render: (args) => <ResetPasswordScreen onSubmit={args.onSubmit} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^New password/), 'stop-loss-first');
    await userEvent.type(canvas.getByLabelText(/^Confirm new password/), 'stop-loss-first{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({
      password: 'stop-loss-first',
      confirmPassword: 'stop-loss-first',
    });
  },
};
export const ResetSubmitting: Story = {
  args: { routePath: '/reset-password' },
  render: () => <ResetPasswordScreen status="submitting" />,
};
export const ResetFieldErrors: Story = {
  args: { routePath: '/reset-password' },
  render: () => <ResetPasswordScreen fieldErrors={{ confirmPassword: 'The two passwords do not match.' }} />,
};
export const ResetNoToken: Story = {
  args: { routePath: '/reset-password' },
  render: () => <ResetPasswordScreen noToken />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.noResetToken);
    await expect(canvas.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  },
};
export const ResetLinkRefused: Story = {
  args: { routePath: '/reset-password' },
  render: () => <ResetPasswordScreen linkRefused serviceError={MESSAGES.resetFailed} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.resetFailed);
    await expect(canvas.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    // A refused link cannot set a password, so none is asked for.
    await expect(canvas.queryByLabelText(/New password/)).toBeNull();
  },
};
export const ResetServiceError: Story = {
  args: { routePath: '/reset-password' },
  render: () => <ResetPasswordScreen serviceError={MESSAGES.resetFailed} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(MESSAGES.resetFailed);
  },
};
export const ResetDone: Story = { args: { routePath: '/reset-password' }, render: () => <ResetPasswordScreen done /> };

// Verify email

const resend = fn();

export const VerifySent: Story = {
  args: { routePath: '/verify-email' },
  render: () => <VerifyEmailScreen status="sent" email="priya@example.in" onResend={resend} />,
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Resend verification email' });
    button.focus();
    await userEvent.keyboard(' ');
    await expect(resend).toHaveBeenCalled();
  },
};
export const VerifyResending: Story = {
  args: { routePath: '/verify-email' },
  render: () => <VerifyEmailScreen status="sent" email="priya@example.in" resend="sending" />,
};
export const VerifyResent: Story = {
  args: { routePath: '/verify-email' },
  render: () => <VerifyEmailScreen status="sent" email="priya@example.in" resend="sent" />,
};
export const VerifyVerifying: Story = {
  args: { routePath: '/verify-email' },
  render: () => <VerifyEmailScreen status="verifying" />,
};
export const VerifyVerified: Story = {
  args: { routePath: '/verify-email' },
  render: () => <VerifyEmailScreen status="verified" />,
};
export const VerifyFailed: Story = {
  args: { routePath: '/verify-email' },
  render: () => <VerifyEmailScreen status="failed" email="priya@example.in" />,
};
export const VerifyFailedDark: Story = { ...VerifyFailed, globals: { theme: 'dark' } };
export const ResetServiceErrorDark: Story = { ...ResetServiceError, globals: { theme: 'dark' } };
