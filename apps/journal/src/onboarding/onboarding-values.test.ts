import type { OnboardingValues } from '@bahi/ui';
import { describe, expect, it } from 'vitest';
import {
  CAPITAL_MAX,
  ONBOARDING_MESSAGES,
  onboardingMetadata,
  onboardingStepErrors,
  readCapital,
} from './onboarding-values';

const priya: OnboardingValues = { fullName: ' Priya Sharma ', segments: ['options'], broker: 'Zerodha', capital: '' };

describe('readCapital', () => {
  it('reads rupees as traders type them: Indian grouping, ₹, spaces and paise', () => {
    expect(readCapital('5,00,000')).toEqual({ ok: true, capital: 500_000 });
    expect(readCapital('₹ 5,00,000.50')).toEqual({ ok: true, capital: 500_000.5 });
    expect(readCapital('500000')).toEqual({ ok: true, capital: 500_000 });
    expect(readCapital('5 00 000')).toEqual({ ok: true, capital: 500_000 });
    expect(readCapital(' 2,50,000.5 ')).toEqual({ ok: true, capital: 250_000.5 });
    expect(readCapital('₹75,000')).toEqual({ ok: true, capital: 75_000 });
  });

  it('is optional: blank saves no capital', () => {
    expect(readCapital('')).toEqual({ ok: true, capital: null });
    expect(readCapital('   ')).toEqual({ ok: true, capital: null });
  });

  it('refuses words, zero, negatives, paise beyond two places and forms that are not plain digits', () => {
    const refused = { ok: false, error: 'Enter your trading capital in rupees, like 5,00,000.' };
    for (const text of ['Ravi Kumar', '5 lakh', 'five lakh', '0', '0.00', '-50,000', '1,000.505', '1e6', '₹', 'Rs 500'])
      expect(readCapital(text), text).toEqual(refused);
  });

  it('refuses more than ₹1,000 crore, and takes ₹1,000 crore itself', () => {
    // 1 crore = 1,00,00,000 (10^7), so 1,000 crore = 10^10, written 10,00,00,00,000.
    expect(CAPITAL_MAX).toBe(1e10);
    expect(readCapital('10,00,00,00,000')).toEqual({ ok: true, capital: 1e10 });
    const tooLarge = { ok: false, error: 'That is more than ₹1,000 crore. Check the number of zeros.' };
    expect(readCapital('10,00,00,00,000.01')).toEqual(tooLarge);
    expect(readCapital('50,00,00,00,000')).toEqual(tooLarge); // ₹5,000 crore
  });
});

describe('onboardingStepErrors', () => {
  it('asks for a name on the first step', () => {
    expect(onboardingStepErrors(0, { ...priya, fullName: '  ' })).toEqual({ fullName: 'Enter your name.' });
    expect(onboardingStepErrors(0, priya)).toEqual({});
  });

  it('lets the segments step through without a pick', () => {
    expect(onboardingStepErrors(1, { ...priya, segments: [] })).toEqual({});
  });

  it('on the broker step, wants a broker or the skip, and a valid capital when one is typed', () => {
    expect(onboardingStepErrors(2, { ...priya, broker: '', capital: 'Ravi Kumar' })).toEqual({
      broker: "Choose your broker, or pick “I'll choose later”.",
      capital: 'Enter your trading capital in rupees, like 5,00,000.',
    });
    expect(onboardingStepErrors(2, { ...priya, broker: 'later' })).toEqual({});
    expect(onboardingStepErrors(2, { ...priya, broker: 'Angel One', capital: '2,50,000' })).toEqual({});
    expect(onboardingStepErrors(2, { ...priya, broker: 'Sharekhan' })).toEqual({ broker: ONBOARDING_MESSAGES.broker });
  });

  it('only looks at the fields of the step it is asked about', () => {
    expect(onboardingStepErrors(0, { ...priya, broker: '', capital: 'Ravi Kumar' })).toEqual({});
    expect(onboardingStepErrors(3, { ...priya, fullName: '', broker: '' })).toEqual({});
  });
});

describe('onboardingMetadata', () => {
  it('saves the trimmed name, the segments, the broker and the capital in rupees', () => {
    expect(onboardingMetadata({ ...priya, capital: '₹ 5,00,000.50' })).toEqual({
      ok: true,
      data: { full_name: 'Priya Sharma', trading_segments: ['options'], broker: 'Zerodha', trading_capital: 500_000.5 },
    });
  });

  it('saves no broker when it was skipped, and no capital when left blank', () => {
    expect(onboardingMetadata({ ...priya, broker: 'later', capital: '' })).toEqual({
      ok: true,
      data: { full_name: 'Priya Sharma', trading_segments: ['options'], broker: null, trading_capital: null },
    });
  });

  it('never saves a refused capital or a missing broker: it names the first step to fix', () => {
    expect(onboardingMetadata({ ...priya, capital: 'Ravi Kumar' })).toEqual({
      ok: false,
      step: 2,
      errors: { capital: 'Enter your trading capital in rupees, like 5,00,000.' },
    });
    expect(onboardingMetadata({ ...priya, fullName: '', broker: '' })).toEqual({
      ok: false,
      step: 0,
      errors: { fullName: 'Enter your name.' },
    });
  });
});
