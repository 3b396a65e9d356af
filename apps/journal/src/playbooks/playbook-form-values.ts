// The playbook editor's values: from a saved playbook, checked before saving, and as the row to write.
import type { PlaybookFormErrors, PlaybookFormValues } from '@bahi/ui';
import type { Playbook } from '../data/journal-data';

export const PLAYBOOK_NAME_MAX = 120; // the table's check
export const PLAYBOOK_DESCRIPTION_MAX = 2000;
export const PLAYBOOK_RULE_MAX = 300;

export interface PlaybookRow {
  name: string;
  description: string | null;
  rules: { id: string; text: string }[];
  markets: string[];
  timeframes: string[];
}

export function playbookFormValues(p: Playbook): PlaybookFormValues {
  return {
    name: p.name,
    description: p.description ?? '',
    rules: p.rules.map((r) => ({ id: r.id, text: r.text })),
    markets: [...p.markets],
    timeframes: [...p.timeframes],
  };
}

/**
 * Checks the form. `otherNames` are the names of the user's other playbooks: two with one name could not be told
 * apart on a trade. Rule ids pass through unchanged, so checks already ticked on trades keep pointing at their rule.
 */
export function validatePlaybook(
  values: PlaybookFormValues,
  otherNames: readonly string[] = [],
): { ok: true; row: PlaybookRow } | { ok: false; errors: PlaybookFormErrors } {
  const errors: PlaybookFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Give the playbook a name.';
  else if (name.length > PLAYBOOK_NAME_MAX) errors.name = `Keep the name to ${PLAYBOOK_NAME_MAX} characters.`;
  else if (otherNames.some((n) => n.trim().toLowerCase() === name.toLowerCase()))
    errors.name = `You already have a playbook called “${name}”.`;
  const description = values.description.trim();
  if (description.length > PLAYBOOK_DESCRIPTION_MAX)
    errors.description = `Keep the description to ${PLAYBOOK_DESCRIPTION_MAX} characters.`;
  const rule: Record<string, string> = {};
  const seen = new Map<string, number>();
  values.rules.forEach((r, i) => {
    const text = r.text.trim();
    const key = text.toLowerCase();
    if (!text) rule[r.id] = 'Write the rule, or remove it.';
    else if (text.length > PLAYBOOK_RULE_MAX) rule[r.id] = `Keep a rule to ${PLAYBOOK_RULE_MAX} characters.`;
    else if (seen.has(key)) rule[r.id] = `This repeats rule ${seen.get(key)! + 1}.`;
    else seen.set(key, i);
  });
  if (Object.keys(rule).length) errors.rule = rule;
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    row: {
      name,
      description: description || null,
      rules: values.rules.map((r) => ({ id: r.id, text: r.text.trim() })),
      markets: values.markets,
      timeframes: values.timeframes,
    },
  };
}
