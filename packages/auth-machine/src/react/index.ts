/**
 * `@bahi/auth-machine/react`: `AuthProvider` runs the machines for a React app; the hooks (`useSession`,
 * `useAccess`, `useOnboarding`, `useAuthForm`, `usePasswordReset`, `useAdminBootstrap`, …) give components their state.
 *
 * @packageDocumentation
 */
export {
  type AuthContextValue,
  type AuthMachines,
  AuthProvider,
  type AuthProviderProps,
  createAuthMachines,
  useAuthContext,
} from './AuthProvider.tsx';
export {
  type AccessStatus,
  type AccessView,
  type AdminBootstrapStatus,
  type AdminBootstrapView,
  type AuthFormStatus,
  type AuthFormView,
  type OnboardingStatus,
  type OnboardingView,
  type PasswordResetStatus,
  type PasswordResetView,
  type SessionStatus,
  type SessionView,
  useAccess,
  useAdminBootstrap,
  useAuthForm,
  useOnboarding,
  usePasswordReset,
  useRequestPasswordReset,
  useSession,
} from './hooks.ts';
