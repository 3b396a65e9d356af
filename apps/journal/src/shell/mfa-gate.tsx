import { useSession } from '@bahi/auth-machine/react';
import { VerifyingAccess } from '@bahi/ui';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { supabase } from '../data/supabase';
import { lazyPage } from './lazy-page';

/** One session's key for its assurance level: the user and the end of the access token. */
export function assuranceKey(session: { user: { id: string }; access_token: string } | null | undefined) {
  return session ? `${session.user.id}:${session.access_token.slice(-16)}` : undefined;
}

/** The session's assurance level: a user with a verified factor must finish the second step (aal2). */
export function assuranceQuery(sessionKey: string | undefined) {
  return queryOptions({
    queryKey: ['mfa-assurance', sessionKey],
    enabled: Boolean(sessionKey),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
      if (error) throw error;
      return data;
    },
  });
}

/** The second step's form, loaded for the accounts that need it. */
const TotpChallenge = lazyPage<{ onVerified: () => void }>(() => import('./mfa-challenge'));

/** Holds protected pages back until a user with a second factor has used it in this session. */
export function MfaGate({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const key = assuranceKey(session);
  const assurance = useQuery(assuranceQuery(key));
  if (!key) return children;
  if (assurance.isPending) return <VerifyingAccess />;
  const level = assurance.data;
  if (level && level.nextLevel === 'aal2' && level.currentLevel !== 'aal2') {
    return (
      <Suspense fallback={<VerifyingAccess />}>
        <TotpChallenge onVerified={() => void queryClient.invalidateQueries({ queryKey: ['mfa-assurance'] })} />
      </Suspense>
    );
  }
  return children;
}
