import { MailCheck, MailWarning, MailX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button, buttonVariants } from '../../components/button';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Spinner } from '../../components/spinner';
import { UI_MESSAGES } from '../../lib/messages';
import { AuthCard, type AuthFormProps, TextLink, ValuesForm } from './auth-form';

export interface LoginValues {
  email: string;
  password: string;
}

export function LoginScreen({ status = 'idle', fieldErrors = {}, serviceError, onSubmit }: AuthFormProps<LoginValues>) {
  const submitting = status === 'submitting';
  return (
    <AuthCard
      title="Log in to Bahi"
      description="Pick up your journal where you left it."
      serviceError={serviceError}
      footer={
        <span>
          New to Bahi? <TextLink to="/signup">Create an account</TextLink>
        </span>
      }
    >
      <ValuesForm fields={['email', 'password'] as const} onValues={onSubmit} busy={submitting} className="grid gap-4">
        <Field label="Email" error={fieldErrors.email} required>
          <Input name="email" type="email" autoComplete="email" placeholder="you@example.com" disabled={submitting} />
        </Field>
        <Field label="Password" error={fieldErrors.password} required>
          <Input name="password" type="password" autoComplete="current-password" disabled={submitting} />
        </Field>
        <div className="-mt-2 text-right text-sm">
          <TextLink to="/forgot-password">Forgot password?</TextLink>
        </div>
        <Button type="submit" loading={submitting}>
          {submitting ? 'Logging in…' : 'Log in'}
        </Button>
      </ValuesForm>
    </AuthCard>
  );
}

export interface SignupValues {
  fullName: string;
  email: string;
  password: string;
}

export function SignupScreen({
  status = 'idle',
  fieldErrors = {},
  serviceError,
  onSubmit,
}: AuthFormProps<SignupValues>) {
  const submitting = status === 'submitting';
  return (
    <AuthCard
      title="Create your Bahi account"
      description="Journal every trade, see what works, and size positions with discipline."
      serviceError={serviceError}
      footer={
        <span>
          Already have an account? <TextLink to="/login">Log in</TextLink>
        </span>
      }
    >
      <ValuesForm
        fields={['fullName', 'email', 'password'] as const}
        onValues={onSubmit}
        busy={submitting}
        className="grid gap-4"
      >
        <Field label="Full name" error={fieldErrors.fullName} required>
          <Input name="fullName" autoComplete="name" placeholder="Priya Sharma" disabled={submitting} />
        </Field>
        <Field label="Email" error={fieldErrors.email} required>
          <Input name="email" type="email" autoComplete="email" placeholder="you@example.com" disabled={submitting} />
        </Field>
        <Field
          label="Password"
          error={fieldErrors.password}
          help={fieldErrors.password ? undefined : 'At least 8 characters. A passphrase is easiest to remember.'}
          required
        >
          <Input name="password" type="password" autoComplete="new-password" disabled={submitting} />
        </Field>
        <Button type="submit" loading={submitting}>
          {submitting ? 'Creating account…' : 'Create account'}
        </Button>
        <p className="text-muted-foreground text-xs">
          By creating an account you agree to the <TextLink to="/terms">Terms</TextLink> and{' '}
          <TextLink to="/privacy">Privacy Policy</TextLink>.
        </p>
      </ValuesForm>
    </AuthCard>
  );
}

export interface ForgotPasswordValues {
  email: string;
}

export function ForgotPasswordScreen({
  status = 'idle',
  fieldErrors = {},
  serviceError,
  sentTo,
  onSubmit,
}: AuthFormProps<ForgotPasswordValues> & { /** Set once the link is sent. */ sentTo?: string }) {
  const submitting = status === 'submitting';
  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email you signed up with and we will send you a link to set a new password."
      serviceError={serviceError}
      footer={<TextLink to="/login">Back to log in</TextLink>}
    >
      {sentTo ? (
        <Alert variant="success" title="Check your inbox">
          If an account exists for {sentTo}, a reset link is on its way. It works once and expires in an hour.
        </Alert>
      ) : (
        <ValuesForm fields={['email'] as const} onValues={onSubmit} busy={submitting} className="grid gap-4">
          <Field label="Email" error={fieldErrors.email} required>
            <Input name="email" type="email" autoComplete="email" placeholder="you@example.com" disabled={submitting} />
          </Field>
          <Button type="submit" loading={submitting}>
            {submitting ? 'Sending link…' : 'Send reset link'}
          </Button>
        </ValuesForm>
      )}
    </AuthCard>
  );
}

export interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}

export function ResetPasswordScreen({
  status = 'idle',
  fieldErrors = {},
  serviceError,
  noToken = false,
  linkRefused = false,
  done = false,
  onSubmit,
}: AuthFormProps<ResetPasswordValues> & {
  /** No recovery token in the link: only offer a new link. */
  noToken?: boolean;
  /** The service refused the link (used or expired): `serviceError` says so, and only a new link is offered. */
  linkRefused?: boolean;
  /** The password was changed. */
  done?: boolean;
}) {
  const submitting = status === 'submitting';
  if (noToken || linkRefused) {
    return (
      <AuthCard title="Set a new password" serviceError={noToken ? UI_MESSAGES.noResetToken : serviceError}>
        <Link to="/forgot-password" className={buttonVariants()}>
          Request a new link
        </Link>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title="Password updated">
        <Alert variant="success" title="Your password has been changed.">
          Use it the next time you log in on any device.
        </Alert>
        <Link to="/dashboard" className={buttonVariants()}>
          Go to dashboard
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set a new password"
      description="Choose a password you do not use anywhere else."
      serviceError={serviceError}
      footer={
        serviceError ? (
          <TextLink to="/forgot-password">Request a new link</TextLink>
        ) : (
          <TextLink to="/login">Back to log in</TextLink>
        )
      }
    >
      <ValuesForm
        fields={['password', 'confirmPassword'] as const}
        onValues={onSubmit}
        busy={submitting}
        className="grid gap-4"
      >
        <Field label="New password" error={fieldErrors.password} required>
          <Input name="password" type="password" autoComplete="new-password" disabled={submitting} />
        </Field>
        <Field label="Confirm new password" error={fieldErrors.confirmPassword} required>
          <Input name="confirmPassword" type="password" autoComplete="new-password" disabled={submitting} />
        </Field>
        <Button type="submit" loading={submitting}>
          {submitting ? 'Saving…' : 'Save new password'}
        </Button>
      </ValuesForm>
    </AuthCard>
  );
}

export type VerifyEmailStatus = 'sent' | 'verifying' | 'verified' | 'failed';

export interface VerifyEmailScreenProps {
  /** 'sent' (check your inbox), 'verifying' (the link is being checked), 'verified' or 'failed'. */
  status: VerifyEmailStatus;
  /** The address the link went to. */
  email?: string;
  /** Resend state for the 'sent' and 'failed' panels. */
  resend?: 'idle' | 'sending' | 'sent';
  /** Why verifying or resending failed. */
  serviceError?: string;
  /** Sends the verification email again. */
  onResend?: () => void;
}

export function VerifyEmailScreen({ status, email, resend = 'idle', serviceError, onResend }: VerifyEmailScreenProps) {
  const resendButton = (
    <Button variant="outline" loading={resend === 'sending'} disabled={resend === 'sent'} onClick={onResend}>
      {resend === 'sending' ? 'Sending…' : resend === 'sent' ? 'Email sent' : 'Resend verification email'}
    </Button>
  );
  if (status === 'verifying') {
    return (
      <AuthCard title="Verifying your email">
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <Spinner size="lg" label={null} className="text-primary" />
          <p role="status">Checking your verification link…</p>
        </div>
      </AuthCard>
    );
  }
  if (status === 'verified') {
    return (
      <AuthCard title="Email verified">
        <div className="flex flex-col items-center gap-3 text-center">
          <MailCheck className="size-10 text-success" aria-hidden="true" />
          <p role="status">Your email is confirmed. Let us set up your journal.</p>
          <Link to="/onboarding" className={buttonVariants()}>
            Continue to setup
          </Link>
        </div>
      </AuthCard>
    );
  }
  if (status === 'failed') {
    return (
      <AuthCard
        title="We could not verify your email"
        serviceError={serviceError ?? 'This verification link has expired or was already used.'}
      >
        <div className="flex flex-col items-center gap-3 text-center">
          <MailX className="size-10 text-destructive" aria-hidden="true" />
          <p className="text-muted-foreground text-sm">Send yourself a fresh link and open it on this device.</p>
          {resendButton}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Check your email" serviceError={serviceError}>
      <div className="flex flex-col items-center gap-3 text-center">
        <MailWarning className="size-10 text-primary" aria-hidden="true" />
        <p>
          We sent a verification link to <strong>{email ?? 'your email'}</strong>. Open it to activate your account.
        </p>
        <p className="text-muted-foreground text-sm">No email after a minute? Check spam or promotions, then resend.</p>
        {resendButton}
        {resend === 'sent' ? (
          <p role="status" className="text-sm">
            A new link is on its way.
          </p>
        ) : null}
      </div>
    </AuthCard>
  );
}
