// The onboarding wizard's answers: checked a step at a time, then written to the user's metadata on finishing.
import { brokerLater, brokers, type OnboardingErrors, type OnboardingValues, onboardingSteps } from '@bahi/ui';
import { validateFundForm } from '../funds/funds-data';

/** ₹1,000 crore: more than any retail trader's capital, so a larger figure is a slip (an extra zero or two). */
export const CAPITAL_MAX = 10_000_000_000;

export const ONBOARDING_MESSAGES = {
  fullName: 'Enter your name.',
  broker: `Choose your broker, or pick “${brokerLater.label}”.`,
  capital: 'Enter your trading capital in rupees, like 5,00,000.',
  capitalTooLarge: 'That is more than ₹1,000 crore. Check the number of zeros.',
} as const;

/** What finishing saves on the user (supabase.auth.updateUser's `data`). */
export interface OnboardingMetadata {
  full_name: string;
  trading_segments: string[];
  broker: string | null;
  trading_capital: number | null;
}

// validateFundForm checks a whole movement; only its amount matters here, so any valid past-or-today date will do.
const ANY_DAY = '2000-01-01';

/**
 * Trading capital as typed. Optional: blank is null. Otherwise the Funds page's amount rule (a deposit): ₹, Indian
 * grouping commas and spaces are ignored; digits with at most two decimals (paise); more than zero. On top of it, at
 * most CAPITAL_MAX.
 */
export function readCapital(text: string): { ok: true; capital: number | null } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, capital: null };
  const read = validateFundForm({ kind: 'deposit', amount: text, occurredOn: ANY_DAY, note: '' }, ANY_DAY);
  if (!read.ok) return { ok: false, error: ONBOARDING_MESSAGES.capital };
  if (read.movement.amount > CAPITAL_MAX) return { ok: false, error: ONBOARDING_MESSAGES.capitalTooLarge };
  return { ok: true, capital: read.movement.amount };
}

const isBroker = (value: string) => (brokers as readonly string[]).includes(value);

/** The errors that keep the wizard on `step` (0-based, as onboardingSteps); empty when it may continue. */
export function onboardingStepErrors(step: number, values: OnboardingValues): OnboardingErrors {
  const errors: OnboardingErrors = {};
  if (step === 0 && !values.fullName.trim()) errors.fullName = ONBOARDING_MESSAGES.fullName;
  if (step === 2) {
    // A broker is chosen, or skipped on purpose; continuing with neither is a slip.
    if (values.broker !== brokerLater.value && !isBroker(values.broker)) errors.broker = ONBOARDING_MESSAGES.broker;
    const capital = readCapital(values.capital);
    if (!capital.ok) errors.capital = capital.error;
  }
  return errors;
}

/** Every step checked again, and the answers as saved; or the first step with errors, to send the user back to. */
export function onboardingMetadata(
  values: OnboardingValues,
): { ok: true; data: OnboardingMetadata } | { ok: false; step: number; errors: OnboardingErrors } {
  for (let step = 0; step < onboardingSteps.length; step += 1) {
    const errors = onboardingStepErrors(step, values);
    if (Object.keys(errors).length) return { ok: false, step, errors };
  }
  const capital = readCapital(values.capital);
  return {
    ok: true,
    data: {
      full_name: values.fullName.trim(),
      trading_segments: values.segments,
      broker: isBroker(values.broker) ? values.broker : null,
      trading_capital: capital.ok ? capital.capital : null,
    },
  };
}
