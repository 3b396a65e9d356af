import { assign, fromPromise, setup } from 'xstate';
import { ROLES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import type { AuthPorts, AuthUser } from '../ports.ts';

/** The admin bootstrap machine's context. */
export interface AdminBootstrapContext {
  /** The user asking to become admin. */
  user: AuthUser;
  /** The spec message of a failed attempt, or null. */
  error: string | null;
}

/** Events the admin bootstrap machine accepts: try again after a failure. */
export type AdminBootstrapEvent = { type: 'RETRY' };

/** True when the user is the configured bootstrap account (emails compared without case). */
export function isBootstrapAccount(user: AuthUser, bootstrapAdminEmail: string | undefined): boolean {
  const wanted = bootstrapAdminEmail?.trim().toLowerCase();
  return !!wanted && user.email?.trim().toLowerCase() === wanted;
}

/**
 * Admin bootstrap: on first load the configured account is granted admin and free_user. The grant goes through
 * add_role_to_user, which the server allows for that account only; this machine decides nothing on its own.
 */
export function createAdminBootstrapMachine(
  ports: Pick<AuthPorts, 'access' | 'notifier'>,
  config: { bootstrapAdminEmail?: string },
) {
  return setup({
    types: {
      context: {} as AdminBootstrapContext,
      events: {} as AdminBootstrapEvent,
      input: {} as { user: AuthUser },
    },
    actors: {
      hasRoles: fromPromise<boolean, { userId: string }>(async ({ input }) => {
        const [admin, free] = await Promise.all([
          ports.access.isAdmin(input.userId),
          ports.access.hasFreeAccess(input.userId),
        ]);
        return admin && free;
      }),
      grantRoles: fromPromise<void, { userId: string }>(async ({ input }) => {
        await ports.access.addRole(input.userId, ROLES.admin);
        await ports.access.addRole(input.userId, ROLES.freeUser);
      }),
    },
    guards: {
      isBootstrapAccount: ({ context }) => isBootstrapAccount(context.user, config.bootstrapAdminEmail),
      alreadyGranted: ({ event }) => (event as { output?: boolean }).output === true,
    },
    actions: {
      showFailure: assign({ error: MESSAGES.adminSetupFailed }),
      notifyFailure: () => ports.notifier.error(MESSAGES.adminSetupFailed),
      clearError: assign({ error: null }),
    },
  }).createMachine({
    id: 'adminBootstrap',
    context: ({ input }) => ({ user: input.user, error: null }),
    initial: 'deciding',
    states: {
      deciding: {
        always: [{ guard: 'isBootstrapAccount', target: 'checking' }, { target: 'skipped' }],
      },
      /** Already admin with free access: nothing to grant. A failed check just grants. */
      checking: {
        invoke: {
          id: 'hasRoles',
          src: 'hasRoles',
          input: ({ context }) => ({ userId: context.user.id }),
          onDone: [{ guard: 'alreadyGranted', target: 'granted' }, { target: 'granting' }],
          onError: 'granting',
        },
      },
      granting: {
        entry: 'clearError',
        invoke: {
          id: 'grantRoles',
          src: 'grantRoles',
          input: ({ context }) => ({ userId: context.user.id }),
          onDone: 'granted',
          onError: { target: 'failed', actions: ['showFailure', 'notifyFailure'] },
        },
      },
      /** 'Failed to setup admin privileges, please try again' */
      failed: { on: { RETRY: 'granting' } },
      granted: { type: 'final' },
      /** Not the configured account, or none is configured. */
      skipped: { type: 'final' },
    },
  });
}

/** The machine made by `createAdminBootstrapMachine`. */
export type AdminBootstrapMachine = ReturnType<typeof createAdminBootstrapMachine>;
