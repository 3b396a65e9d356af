import { useOnboarding, useSession } from '@bahi/auth-machine/react';
import { OnboardingScreen, type OnboardingValues, onboardingSteps } from '@bahi/ui';
import { useState } from 'react';
import { supabase } from '../data/supabase';
import { onboardingMetadata, onboardingStepErrors } from './onboarding-values';

/** The setup wizard; finishing saves the answers on the user and lets the onboarding machine mark it complete. */
export default function OnboardingPage() {
  const { user } = useSession();
  const { complete } = useOnboarding();
  const [step, setStep] = useState(0);
  // Errors show once Continue has been tried on a step, then follow every keystroke until the step is left.
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serviceError, setServiceError] = useState<string>();
  const [values, setValues] = useState<OnboardingValues>(() => ({
    fullName: typeof user?.user_metadata.full_name === 'string' ? user.user_metadata.full_name : '',
    segments: [],
    broker: '',
    capital: '',
  }));
  const fieldErrors = tried ? onboardingStepErrors(step, values) : {};

  const goTo = (next: number) => {
    setTried(false);
    setStep(Math.min(Math.max(next, 0), onboardingSteps.length - 1));
  };

  const next = () => {
    if (Object.keys(onboardingStepErrors(step, values)).length) {
      setTried(true);
      return;
    }
    goTo(step + 1);
  };

  const finish = async () => {
    setServiceError(undefined);
    const answers = onboardingMetadata(values);
    if (!answers.ok) {
      // Only reachable if the values changed behind the steps' backs; show the step that needs fixing.
      setStep(answers.step);
      setTried(true);
      return;
    }
    setSaving(true);
    const { error } = await supabase.auth.updateUser({ data: answers.data });
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
      onBack={() => goTo(step - 1)}
      onNext={next}
      onFinish={() => void finish()}
    />
  );
}
