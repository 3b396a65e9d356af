import { useSession } from '@bahi/auth-machine/react';
import { AuthCard, Button, Field, Input, VerifyingAccess } from '@bahi/ui';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { supabase } from './supabase';

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

/** The second sign-in step for accounts with an authenticator app (TOTP). */
export function TotpChallenge({ onVerified }: { onVerified: () => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const verify = async (code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const { data, error: listError } = await supabase.auth.mfa.listFactors();
      if (listError) throw listError;
      const factor = data.totp.find((f) => f.status === 'verified');
      if (!factor) throw new Error('No authenticator app is set up for this account.');
      const { error: verifyError } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
      if (verifyError) throw verifyError;
      onVerified();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Invalid TOTP code entered');
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard
      title="Two-step verification"
      description="Enter the 6-digit code from your authenticator app."
      serviceError={error}
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void verify(String(new FormData(e.currentTarget).get('code') ?? '').trim());
        }}
      >
        <Field label="Authentication code" required>
          <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} disabled={busy} />
        </Field>
        <Button type="submit" loading={busy}>
          Verify
        </Button>
      </form>
    </AuthCard>
  );
}

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
    return <TotpChallenge onVerified={() => void queryClient.invalidateQueries({ queryKey: ['mfa-assurance'] })} />;
  }
  return children;
}
