import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PATHS, SIGNUP_VERIFY_SOURCE } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import type { AuthPorts, Credentials, SignUpRequest } from '../ports.ts';
import { messageOr, validateCredentials } from '../rules/credentials.ts';

/** The sign-in and sign-up form machine's context. */
export interface AuthFormContext {
  /** The spec message of the last failure, or null. */
  error: string | null;
}

/** Events the sign-in and sign-up form machine accepts. */
export type AuthFormEvent =
  | { type: 'SIGN_IN'; credentials: Credentials }
  | { type: 'SIGN_UP'; credentials: Credentials; fullName: string };

/** The verify-email page the sign-up confirmation link leads to. */
export function signUpRedirect(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${PATHS.verifyEmail}?source=${SIGNUP_VERIFY_SOURCE}`;
}

/** The product sign-up request: full_name and onboarding_completed false, redirecting to verify-email. */
export function productSignUpRequest(credentials: Credentials, fullName: string, siteUrl: string): SignUpRequest {
  return {
    ...credentials,
    data: { full_name: fullName, onboarding_completed: false },
    redirectTo: signUpRedirect(siteUrl),
  };
}

/**
 * Sign-in and sign-up forms: validation, the call, and the message to show. The message is the form's to show
 * (`context.error`, `useAuthForm().error`), once, beside the fields; the notifier is left to messages with no form. A
 * successful sign-in is then seen by the session machine as SIGNED_IN.
 */
export function createAuthFormMachine(ports: Pick<AuthPorts, 'auth'>, config: { siteUrl: string }) {
  return setup({
    types: { context: {} as AuthFormContext, events: {} as AuthFormEvent },
    actors: {
      signIn: fromPromise<unknown, Credentials>(({ input }) => ports.auth.signIn(input)),
      signUp: fromPromise<unknown, SignUpRequest>(({ input }) => ports.auth.signUp(input)),
    },
    guards: {
      credentialsInvalid: ({ event }) => validateCredentials(event.credentials) !== null,
    },
    actions: {
      refuseCredentials: assign({ error: MESSAGES.credentialsRequired }),
      clearError: assign({ error: null }),
    },
  }).createMachine({
    id: 'authForm',
    context: { error: null },
    initial: 'idle',
    on: {
      SIGN_IN: [
        { guard: 'credentialsInvalid', target: '.idle', actions: 'refuseCredentials' },
        { target: '.signingIn', actions: 'clearError' },
      ],
      SIGN_UP: [
        { guard: 'credentialsInvalid', target: '.idle', actions: 'refuseCredentials' },
        { target: '.signingUp', actions: 'clearError' },
      ],
    },
    states: {
      idle: {},
      signingIn: {
        on: { SIGN_IN: {}, SIGN_UP: {} },
        invoke: {
          id: 'signIn',
          src: 'signIn',
          input: ({ event }) => {
            assertEvent(event, 'SIGN_IN');
            return event.credentials;
          },
          onDone: 'signedIn',
          onError: {
            target: 'idle',
            actions: assign({ error: ({ event }) => messageOr(event.error, MESSAGES.signInFailed) }),
          },
        },
      },
      signingUp: {
        on: { SIGN_IN: {}, SIGN_UP: {} },
        invoke: {
          id: 'signUp',
          src: 'signUp',
          input: ({ event }) => {
            assertEvent(event, 'SIGN_UP');
            return productSignUpRequest(event.credentials, event.fullName, config.siteUrl);
          },
          onDone: 'signedUp',
          onError: {
            target: 'idle',
            actions: assign({ error: ({ event }) => messageOr(event.error, MESSAGES.signUpFailed) }),
          },
        },
      },
      signedIn: {},
      /** Waiting for the email confirmation. */
      signedUp: {},
    },
  });
}

/** The machine made by `createAuthFormMachine`. */
export type AuthFormMachine = ReturnType<typeof createAuthFormMachine>;
