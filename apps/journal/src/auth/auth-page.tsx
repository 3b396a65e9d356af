import { messageOr } from '@bahi/auth-machine';
import {
  useAuthForm,
  useOnboarding,
  usePasswordReset,
  useRequestPasswordReset,
  useSession,
} from '@bahi/auth-machine/react';
import {
  ForgotPasswordScreen,
  LoginScreen,
  ResetPasswordScreen,
  SignupScreen,
  VerifyEmailScreen,
  type VerifyEmailStatus,
} from '@bahi/ui';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { supabase } from '../data/supabase';
import { locationWithBootTokens } from '../shell/boot-location';
import { usePageDescription } from '../shell/page-description';

/**
 * Spec §4: a signed-in user who opens /login or /signup (a link, the back button) is checked again: a completed one
 * goes on to /dashboard, one who has not finished onboarding to /onboarding. A sign-in on the page, or a session
 * restored as the page loads, is checked by the auth provider already.
 */
function useLeaveWhenSignedIn() {
  const { status } = useSession();
  const { check } = useOnboarding();
  const { pathname } = useLocation();
  const [signedInOnArrival] = useState(status === 'signedIn');
  useEffect(() => {
    if (signedInOnArrival) check(pathname);
  }, [signedInOnArrival, pathname, check]);
}

export function LoginPage() {
  usePageDescription();
  useLeaveWhenSignedIn();
  const { status, error, signIn } = useAuthForm();
  return (
    <LoginScreen
      status={status === 'signingIn' ? 'submitting' : 'idle'}
      serviceError={error ?? undefined}
      onSubmit={({ email, password }) => signIn({ email: email.trim(), password })}
    />
  );
}

export function SignupPage() {
  usePageDescription();
  useLeaveWhenSignedIn();
  const { status, error, signUp } = useAuthForm();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  useEffect(() => {
    if (status === 'signedUp' && email) navigate(`/verify-email?email=${encodeURIComponent(email)}`, { replace: true });
  }, [status, email, navigate]);
  return (
    <SignupScreen
      status={status === 'signingUp' ? 'submitting' : 'idle'}
      serviceError={error ?? undefined}
      onSubmit={({ fullName, email: address, password }) => {
        setEmail(address.trim());
        signUp({ email: address.trim(), password }, fullName.trim());
      }}
    />
  );
}

export function ForgotPasswordPage() {
  usePageDescription();
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  return (
    <ForgotPasswordScreen
      status={busy ? 'submitting' : 'idle'}
      sentTo={sentTo}
      serviceError={error}
      fieldErrors={{ email: fieldError }}
      onSubmit={async ({ email }) => {
        const address = email.trim();
        if (!address) {
          setFieldError('Enter your email address.');
          return;
        }
        setFieldError(undefined);
        setBusy(true);
        setError(undefined);
        try {
          await requestReset(address);
          setSentTo(address);
        } catch (e) {
          // The service's message, or ours when it gave none (unreachable, a 5xx without one).
          setError(messageOr(e, 'Could not send the reset link. Please try again.'));
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

/** Reads the fragment once, before supabase-js takes the tokens out of the address bar. */
function initialFragment(): URLSearchParams {
  return new URLSearchParams(window.location.hash.slice(1));
}

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const { status: sessionStatus, user } = useSession();
  const [fragment] = useState(initialFragment);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [resendError, setResendError] = useState<string>();
  const email = params.get('email') ?? user?.email ?? undefined;
  const linkError = fragment.get('error_description') ?? params.get('error_description');
  const arrivedWithLink = fragment.has('access_token') || params.has('code');

  let status: VerifyEmailStatus = 'sent';
  if (linkError) status = 'failed';
  else if (sessionStatus === 'signedIn') status = arrivedWithLink || params.get('source') ? 'verified' : 'sent';
  else if (arrivedWithLink) status = 'verifying';

  const onResend = async () => {
    if (!email) {
      setResendError('Sign up again with your email to get a new link.');
      return;
    }
    setResend('sending');
    setResendError(undefined);
    const { error } = await supabase.auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: `${window.location.origin}/verify-email?source=signup` },
    });
    if (error) {
      setResend('idle');
      setResendError(error.message);
    } else setResend('sent');
  };

  return (
    <VerifyEmailScreen
      status={status}
      email={email}
      resend={resend}
      serviceError={resendError ?? (linkError ? linkError.replace(/\+/g, ' ') : undefined)}
      onResend={() => void onResend()}
    />
  );
}

export function ResetPasswordPage() {
  const [location] = useState(() => locationWithBootTokens(window.location));
  const { status, error, submit } = usePasswordReset(location);
  const [mismatch, setMismatch] = useState<string>();
  return (
    <ResetPasswordScreen
      noToken={status === 'noToken'}
      linkRefused={status === 'linkRefused'}
      done={status === 'succeeded'}
      status={status === 'resetting' ? 'submitting' : 'idle'}
      serviceError={status === 'failed' || status === 'linkRefused' ? (error ?? undefined) : undefined}
      fieldErrors={{ confirmPassword: mismatch }}
      onSubmit={({ password, confirmPassword }) => {
        if (password !== confirmPassword) {
          setMismatch('The two passwords do not match.');
          return;
        }
        setMismatch(undefined);
        submit(password);
      }}
    />
  );
}
