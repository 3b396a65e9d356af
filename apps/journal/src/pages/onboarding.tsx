import { useOnboarding, useSession } from '@bahi/auth-machine/react';
import { OnboardingScreen, type OnboardingValues, onboardingSteps } from '@bahi/ui';
import { useState } from 'react';
import { supabase } from '../supabase';

/** The setup wizard; finishing saves the answers on the user and lets the onboarding machine mark it complete. */
export default function OnboardingPage() {
  const { user } = useSession();
  const { complete } = useOnboarding();
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [serviceError, setServiceError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof OnboardingValues, string>>>({});
  const [values, setValues] = useState<OnboardingValues>(() => ({
    fullName: typeof user?.user_metadata.full_name === 'string' ? user.user_metadata.full_name : '',
    segments: [],
    broker: '',
    capital: '',
  }));

  const next = () => {
    if (step === 0 && !values.fullName.trim()) {
      setFieldErrors({ fullName: 'Enter your name.' });
      return;
    }
    setFieldErrors({});
    setStep((s) => Math.min(s + 1, onboardingSteps.length - 1));
  };

  const finish = async () => {
    setSaving(true);
    setServiceError(undefined);
    const capital = Number(values.capital.replace(/[,\s]/g, ''));
    const { error } = await supabase.auth.updateUser({
      data: {
        full_name: values.fullName.trim(),
        trading_segments: values.segments,
        broker: values.broker || null,
        trading_capital: Number.isFinite(capital) && capital > 0 ? capital : null,
      },
    });
    setSaving(false);
    if (error) {
      setServiceError(error.message);
      return;
    }
    complete();
  };

  return (
    <OnboardingScreen
      step={step}
      values={values}
      status={saving ? 'saving' : 'idle'}
      fieldErrors={fieldErrors}
      serviceError={serviceError}
      onChange={setValues}
      onBack={() => setStep((s) => Math.max(s - 1, 0))}
      onNext={next}
      onFinish={() => void finish()}
    />
  );
}
