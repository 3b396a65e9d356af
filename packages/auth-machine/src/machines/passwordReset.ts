import { assign, fromPromise, setup } from 'xstate';
import { STORAGE_KEYS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import type { AuthPorts, RecoveryVerification } from '../ports.ts';
import { findRecoveryToken, isRefusedRecoveryLink, type RecoveryToken } from '../rules/recovery.ts';
import { allowedOrigins, type RedirectOriginsConfig, resetPasswordRedirect } from '../rules/redirect.ts';

/** The password reset machine's context. */
export interface PasswordResetContext {
  /** The recovery token read from the reset link, or null when there is none. */
  token: RecoveryToken | null;
  /** The service refused the link (already used or expired) and redirected with an error instead of a token. */
  linkRefused: boolean;
  /** The email a reset was requested for on this device, for verifying a recovery code. */
  storedEmail: string | null;
  /** The new password being set. */
  password: string;
  /** The spec message of a failed reset, or null. */
  error: string | null;
}

/** Input of the password reset machine: where the reset link put the token. */
export interface PasswordResetInput {
  /** The reset page's `location.hash` and `location.search`. */
  location: { hash: string; search: string };
}

/** Events the password reset machine accepts: set this new password. */
export type PasswordResetEvent = { type: 'SUBMIT'; password: string };

type ResetPorts = Pick<AuthPorts, 'auth' | 'storage'>;

/** A recovery code as GoTrue mails it (`{{ .Token }}`): 6 to 10 digits. A link's `token` is the token's hash instead. */
const RECOVERY_CODE = /^\d{6,10}$/;

/**
 * The verification a token allows: a token hash as it is (`token_hash`, or a link's `token`), a typed code with the
 * email it was mailed to (kept by the forgot-password page). GoTrue refuses a hash sent as a code (403), and a code
 * without its email cannot be verified.
 */
export function recoveryVerification(token: RecoveryToken, storedEmail: string | null): RecoveryVerification | null {
  if (token.tokenHash) return { type: 'recovery', tokenHash: token.tokenHash };
  if (!token.token) return null;
  if (!RECOVERY_CODE.test(token.token)) return { type: 'recovery', tokenHash: token.token };
  return storedEmail ? { type: 'recovery', email: storedEmail, token: token.token } : null;
}

/**
 * Asks for a reset link (the forgot-password page). The link leads to /reset-password on an allowed origin only, and
 * the email is kept so that a recovery code can be verified with it later.
 */
export async function requestPasswordReset(
  ports: Pick<AuthPorts, 'auth' | 'storage'>,
  config: { redirectOrigins?: RedirectOriginsConfig },
  email: string,
  currentOrigin: string,
): Promise<void> {
  const redirectTo = resetPasswordRedirect(currentOrigin, allowedOrigins(config.redirectOrigins));
  ports.storage.local.setItem(STORAGE_KEYS.resetEmail, email);
  await ports.auth.resetPasswordForEmail(email, redirectTo);
}

/**
 * The reset-password page: finds the recovery token, then on SUBMIT tries in turn to set the session from the token
 * and update the password, to update the password in the current session, and to verify a recovery code. Its
 * messages are for the page to show (`context.error`), not for the notifier.
 */
export function createPasswordResetMachine(ports: ResetPorts) {
  return setup({
    types: {
      context: {} as PasswordResetContext,
      events: {} as PasswordResetEvent,
      input: {} as PasswordResetInput,
    },
    actors: {
      setSessionAndUpdate: fromPromise<void, { token: RecoveryToken; password: string }>(async ({ input }) => {
        await ports.auth.setSession({
          access_token: input.token.accessToken ?? '',
          refresh_token: input.token.refreshToken ?? '',
        });
        await ports.auth.updateUser({ password: input.password });
      }),
      updatePassword: fromPromise<void, { password: string }>(async ({ input }) => {
        await ports.auth.updateUser({ password: input.password });
      }),
      verifyCodeAndUpdate: fromPromise<void, { verification: RecoveryVerification; password: string }>(
        async ({ input }) => {
          await ports.auth.verifyOtp(input.verification);
          await ports.auth.updateUser({ password: input.password });
        },
      ),
    },
    guards: {
      linkRefused: ({ context }) => context.linkRefused,
      tokenFound: ({ context }) => context.token !== null,
      hasSessionTokens: ({ context }) => !!context.token?.accessToken && !!context.token.refreshToken,
      canVerifyCode: ({ context }) =>
        context.token !== null && recoveryVerification(context.token, context.storedEmail) !== null,
    },
    actions: {
      assignPassword: assign({ password: ({ event }) => event.password, error: null }),
      forgetPassword: assign({ password: '' }),
      showNoToken: assign({ error: MESSAGES.noResetToken }),
      showFailure: assign({ error: MESSAGES.resetFailed, password: '' }),
      forgetStoredToken: () => {
        ports.storage.session.removeItem(STORAGE_KEYS.recoveryToken);
        ports.storage.local.removeItem(STORAGE_KEYS.resetEmail);
      },
    },
  }).createMachine({
    id: 'passwordReset',
    context: ({ input }) => ({
      token: findRecoveryToken({
        ...input.location,
        stored: ports.storage.session.getItem(STORAGE_KEYS.recoveryToken),
      }),
      linkRefused: isRefusedRecoveryLink(input.location),
      storedEmail: ports.storage.local.getItem(STORAGE_KEYS.resetEmail),
      password: '',
      error: null,
    }),
    initial: 'locating',
    states: {
      locating: {
        always: [
          { guard: 'linkRefused', target: 'linkRefused' },
          { guard: 'tokenFound', target: 'ready' },
          { target: 'noToken' },
        ],
      },
      /** 'No reset token found. Please request a new password reset link.' */
      noToken: { entry: 'showNoToken' },
      /**
       * 'Unable to reset password. The link may have expired or is invalid. Please request a new one.': the service
       * refused the link (used or expired) before any method could run, so no password is asked for.
       */
      linkRefused: { entry: 'showFailure' },
      ready: {
        on: { SUBMIT: { target: 'resetting', actions: 'assignPassword' } },
      },
      resetting: {
        initial: 'choosing',
        states: {
          choosing: {
            always: [{ guard: 'hasSessionTokens', target: 'settingSession' }, { target: 'updatingPassword' }],
          },
          /** Method 1: set the session from the token, then update the password. */
          settingSession: {
            invoke: {
              id: 'setSessionAndUpdate',
              src: 'setSessionAndUpdate',
              input: ({ context }) => ({ token: context.token as RecoveryToken, password: context.password }),
              onDone: '#passwordReset.succeeded',
              onError: 'updatingPassword',
            },
          },
          /** Method 2: update the password in the session supabase-js already holds. */
          updatingPassword: {
            invoke: {
              id: 'updatePassword',
              src: 'updatePassword',
              input: ({ context }) => ({ password: context.password }),
              onDone: '#passwordReset.succeeded',
              onError: 'choosingCode',
            },
          },
          choosingCode: {
            always: [{ guard: 'canVerifyCode', target: 'verifyingCode' }, { target: '#passwordReset.failed' }],
          },
          /** Method 3: verify a recovery code with the stored email or the token hash, then update the password. */
          verifyingCode: {
            invoke: {
              id: 'verifyCodeAndUpdate',
              src: 'verifyCodeAndUpdate',
              input: ({ context }) => ({
                verification: recoveryVerification(
                  context.token as RecoveryToken,
                  context.storedEmail,
                ) as RecoveryVerification,
                password: context.password,
              }),
              onDone: '#passwordReset.succeeded',
              onError: '#passwordReset.failed',
            },
          },
        },
      },
      succeeded: { type: 'final', entry: ['forgetPassword', 'forgetStoredToken'] },
      /**
       * 'Unable to reset password. The link may have expired or is invalid. Please request a new one.': every method
       * failed. The user may try another password (a code typed wrong, a network failure).
       */
      failed: {
        entry: 'showFailure',
        on: { SUBMIT: { target: 'resetting', actions: 'assignPassword' } },
      },
    },
  });
}

/** The machine made by `createPasswordResetMachine`. */
export type PasswordResetMachine = ReturnType<typeof createPasswordResetMachine>;
