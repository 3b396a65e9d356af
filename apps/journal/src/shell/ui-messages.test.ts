// @bahi/ui depends on neither @bahi/auth-machine nor @bahi/billing, so it keeps its own copy of the few spec
// messages its screens show unprompted (UI_MESSAGES) and of the plans and messages its stories show. The app knows
// all three packages: here each copy is checked against the package that owns the words.
import { MESSAGES } from '@bahi/auth-machine';
import { messages, monthlyEquivalent, PLAN_IDS, PLANS, savingsPercent } from '@bahi/billing';
import { type PlanCatalog, UI_MESSAGES } from '@bahi/ui';
import { describe, expect, it } from 'vitest';
import { PLANS_FIXTURE } from '../../../../packages/ui/src/fixtures/plans';
import { AUTH_MESSAGES, BILLING_MESSAGES } from '../../../../packages/ui/src/fixtures/service-messages';
import {
  monthlyEquivalent as uiMonthlyEquivalent,
  savingsPercent as uiSavingsPercent,
} from '../../../../packages/ui/src/lib/plans';

const owned: Record<string, string> = { ...MESSAGES, ...messages };

describe("@bahi/ui's copies of the spec's words", () => {
  it.each(Object.entries(UI_MESSAGES))('UI_MESSAGES.%s is the owning package’s string', (key, text) => {
    expect(owned[key]).toBe(text);
  });

  it("the stories' auth messages are auth-machine's MESSAGES", () => {
    for (const [key, text] of Object.entries(AUTH_MESSAGES)) expect(MESSAGES[key as keyof typeof MESSAGES]).toBe(text);
  });

  it("the stories' billing messages are billing's messages", () => {
    for (const [key, text] of Object.entries(BILLING_MESSAGES))
      expect(messages[key as keyof typeof messages]).toBe(text);
  });

  it("billing's PLANS is a PlanCatalog, and the stories' plans are billing's", () => {
    const catalog: PlanCatalog = PLANS;
    for (const id of PLAN_IDS) {
      const { id: _id, name, description, amount, period } = catalog[id];
      expect(PLANS_FIXTURE[id]).toEqual({ id: _id, name, description, amount, period });
      expect(uiSavingsPercent(PLANS[id], PLANS.monthly)).toBe(savingsPercent(PLANS[id]));
      expect(uiMonthlyEquivalent(PLANS[id])).toBe(monthlyEquivalent(PLANS[id]));
    }
  });
});
