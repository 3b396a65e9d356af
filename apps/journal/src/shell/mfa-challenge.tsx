// The second sign-in step's form, loaded only for an account that needs it (see mfa-gate.tsx).
import { AuthCard, Button, Field, Input } from '@bahi/ui';
import { useState } from 'react';
import { supabase } from '../data/supabase';

/** The second sign-in step for accounts with an authenticator app (TOTP). */
export default function TotpChallenge({ onVerified }: { onVerified: () => void }) {
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
