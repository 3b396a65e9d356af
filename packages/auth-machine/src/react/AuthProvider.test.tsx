// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteClass } from '../rules/routes.ts';
import { createTestPorts, makeSession, makeUser, type TestPorts } from '../test-support.ts';
import { AuthProvider } from './AuthProvider.tsx';
import { useAccess, useAdminBootstrap, useAuthForm, useOnboarding, usePasswordReset, useSession } from './hooks.ts';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const oldUser = makeUser({ created_at: '2025-01-01T00:00:00.000Z' });
const config = { siteUrl: 'https://bahi.example', bootstrapAdminEmail: 'owner@bahi.example' };

function SessionProbe() {
  const { status, user, notice, signOut } = useSession();
  return (
    <div>
      <p data-testid="session">{status}</p>
      <p data-testid="user">{user?.email ?? '-'}</p>
      <p data-testid="notice">{notice ?? '-'}</p>
      <button type="button" onClick={signOut}>
        Log out
      </button>
    </div>
  );
}

function Guard({ routeClass }: { routeClass: RouteClass }) {
  const { status, message, retry } = useAccess(routeClass);
  return (
    <div>
      <p data-testid="access">{status}</p>
      <p data-testid="access-message">{message ?? '-'}</p>
      <button type="button" onClick={retry}>
        Retry
      </button>
    </div>
  );
}

function OnboardingProbe() {
  const { status, complete } = useOnboarding();
  return (
    <button type="button" data-testid="onboarding" onClick={complete}>
      {status}
    </button>
  );
}

function ResetPage({ hash }: { hash: string }) {
  const { status, error, submit } = usePasswordReset({ hash, search: '' });
  return (
    <div>
      <p data-testid="reset">{status}</p>
      <p data-testid="reset-error">{error ?? '-'}</p>
      <button type="button" onClick={() => submit('new-secret')}>
        Reset
      </button>
    </div>
  );
}

function LoginForm() {
  const { status, error, signIn } = useAuthForm();
  return (
    <div>
      <p data-testid="form">{status}</p>
      <p data-testid="form-error">{error ?? '-'}</p>
      <button type="button" onClick={() => signIn({ email: '', password: 'x' })}>
        Sign in
      </button>
    </div>
  );
}

function AdminProbe() {
  const { status, error } = useAdminBootstrap();
  return <p data-testid="admin">{`${status}:${error ?? '-'}`}</p>;
}

function renderWith(children: React.ReactNode, ports: TestPorts = createTestPorts({ pathname: '/dashboard' })) {
  render(
    <AuthProvider ports={ports} config={config}>
      {children}
    </AuthProvider>,
  );
  return ports;
}

const text = (id: string) => screen.getByTestId(id).textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AuthProvider and useSession', () => {
  it('follows the auth events and logs out after the logout delay', async () => {
    const ports = renderWith(<SessionProbe />);
    expect(text('session')).toBe('loading');
    act(() => ports.auth.emit('INITIAL_SESSION', makeSession(oldUser)));
    expect(text('session')).toBe('signedIn');
    expect(text('user')).toBe('trader@example.in');
    fireEvent.click(screen.getByText('Log out'));
    expect(text('session')).toBe('signingOut');
    await advance(100);
    expect(text('session')).toBe('signedOut');
    expect(ports.auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('shows the account switch notice', () => {
    const ports = renderWith(<SessionProbe />);
    act(() => ports.auth.emit('INITIAL_SESSION', makeSession(oldUser)));
    act(() => ports.auth.emit('SIGNED_IN', makeSession(makeUser({ id: 'other', email: 'b@example.in' }))));
    expect(text('notice')).toBe('Account switched. Refreshing data...');
    expect(text('user')).toBe('b@example.in');
  });

  it('records the page unload of a signed-in view for the reload refresh', () => {
    const ports = renderWith(<SessionProbe />);
    act(() => ports.auth.emit('INITIAL_SESSION', makeSession(oldUser)));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(ports.storage.local.getItem('lastUnloadAt')).toBe(String(NOW));
  });
});

describe('useAccess', () => {
  it("shows 'Verifying access...' while the session loads and the guard waits, then grants an admin", async () => {
    const ports = createTestPorts({ pathname: '/dashboard' });
    ports.access.isAdmin.mockResolvedValue(true);
    renderWith(<Guard routeClass="subscription-required" />, ports);
    expect(text('access')).toBe('verifying');
    expect(text('access-message')).toBe('Verifying access...');
    act(() => ports.auth.emit('INITIAL_SESSION', makeSession(oldUser)));
    await advance(299);
    expect(text('access')).toBe('verifying');
    await advance(1);
    expect(text('access')).toBe('granted');
  });

  it('checks again when the same guard is rendered for another route', async () => {
    const ports = createTestPorts({ pathname: '/' });
    const { rerender } = render(
      <AuthProvider ports={ports} config={config}>
        <Guard routeClass="public" />
      </AuthProvider>,
    );
    act(() => ports.auth.emit('INITIAL_SESSION', null));
    expect(text('access')).toBe('granted');
    rerender(
      <AuthProvider ports={ports} config={config}>
        <Guard routeClass="subscription-required" />
      </AuthProvider>,
    );
    expect(text('access')).toBe('verifying');
    await advance(300);
    expect(text('access')).toBe('unauthenticated');
  });

  it('sends a visitor without a session to /login', async () => {
    const ports = createTestPorts({ pathname: '/profile' });
    renderWith(<Guard routeClass="login-only" />, ports);
    act(() => ports.auth.emit('INITIAL_SESSION', null));
    await advance(300);
    expect(text('access')).toBe('unauthenticated');
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('says when the checks keep failing and checks again when the browser is back online', async () => {
    const ports = createTestPorts({ pathname: '/dashboard' });
    ports.access.isAdmin.mockRejectedValue({ message: 'Failed to fetch' });
    ports.access.hasFreeAccess.mockRejectedValue({ message: 'Failed to fetch' });
    ports.access.latestActiveSubscription.mockRejectedValue({ message: 'Failed to fetch' });
    renderWith(<Guard routeClass="subscription-required" />, ports);
    act(() => ports.auth.emit('INITIAL_SESSION', makeSession(oldUser)));
    await advance(300 + 600 + 1200);
    expect(text('access')).toBe('unavailable');
    expect(text('access-message')).toBe("We couldn't verify your access. Check your connection and try again.");
    ports.access.hasFreeAccess.mockResolvedValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(text('access')).toBe('verifying');
    await advance(300);
    expect(text('access')).toBe('granted');
  });
});

describe('useOnboarding', () => {
  it('takes a completed user from /login to /dashboard after sign-in', async () => {
    const ports = createTestPorts({ pathname: '/login' });
    renderWith(<OnboardingProbe />, ports);
    act(() => ports.auth.emit('INITIAL_SESSION', null));
    act(() => ports.auth.emit('SIGNED_IN', makeSession(oldUser)));
    await advance(0);
    expect(text('onboarding')).toBe('complete');
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/dashboard', { replace: true });
  });

  it('takes a user already signed in (a restored session) from /signup to /dashboard', async () => {
    const ports = createTestPorts({ pathname: '/signup' });
    renderWith(<OnboardingProbe />, ports);
    act(() => ports.auth.emit('INITIAL_SESSION', makeSession(oldUser)));
    await advance(0);
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/dashboard', { replace: true });
  });

  it('sends a user who has not finished onboarding there, and completes it', async () => {
    const ports = createTestPorts({ pathname: '/dashboard' });
    renderWith(<OnboardingProbe />, ports);
    act(() => ports.auth.emit('INITIAL_SESSION', makeSession(makeUser({ user_metadata: {} }))));
    await advance(0);
    expect(text('onboarding')).toBe('incomplete');
    expect(ports.navigation.navigate).toHaveBeenCalledWith('/onboarding', { replace: true });
    fireEvent.click(screen.getByTestId('onboarding'));
    await advance(0);
    expect(text('onboarding')).toBe('complete');
    expect(ports.storage.local.getItem('onboarding_completed')).toBe('true');
  });
});

describe('usePasswordReset', () => {
  it('resets with the token from the hash', async () => {
    renderWith(<ResetPage hash="#access_token=AT&refresh_token=RT&type=recovery" />);
    expect(text('reset')).toBe('ready');
    fireEvent.click(screen.getByText('Reset'));
    await advance(0);
    expect(text('reset')).toBe('succeeded');
  });

  it('says when there is no token', () => {
    renderWith(<ResetPage hash="" />);
    expect(text('reset')).toBe('noToken');
    expect(text('reset-error')).toBe('No reset token found. Please request a new password reset link.');
  });
});

describe('useAuthForm', () => {
  it('shows the validation message', () => {
    renderWith(<LoginForm />);
    fireEvent.click(screen.getByText('Sign in'));
    expect(text('form')).toBe('idle');
    expect(text('form-error')).toBe('You must provide either an email or phone number and a password');
  });
});

describe('admin bootstrap in the provider', () => {
  it('grants the configured account its roles once it is signed in', async () => {
    const ports = createTestPorts();
    renderWith(<AdminProbe />, ports);
    expect(text('admin')).toBe('none:-');
    act(() => ports.auth.emit('INITIAL_SESSION', makeSession(makeUser({ email: 'owner@bahi.example' }))));
    await advance(0);
    expect(text('admin')).toBe('granted:-');
    expect(ports.access.addRole).toHaveBeenCalledWith('user-1', 'admin');
    expect(ports.access.addRole).toHaveBeenCalledWith('user-1', 'free_user');
  });

  it('shows the failure message when the grant fails', async () => {
    const ports = createTestPorts();
    ports.access.addRole.mockRejectedValue({ status: 403 });
    renderWith(<AdminProbe />, ports);
    act(() => ports.auth.emit('INITIAL_SESSION', makeSession(makeUser({ email: 'owner@bahi.example' }))));
    await advance(0);
    expect(text('admin')).toBe('failed:Failed to setup admin privileges, please try again');
  });

  it('grants nothing to other accounts', async () => {
    const ports = createTestPorts();
    renderWith(<AdminProbe />, ports);
    act(() => ports.auth.emit('INITIAL_SESSION', makeSession(oldUser)));
    await advance(0);
    expect(text('admin')).toBe('skipped:-');
    expect(ports.access.addRole).not.toHaveBeenCalled();
  });
});
