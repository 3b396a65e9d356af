import { describe, expect, it } from 'vitest';
import { validatePlaybook } from './playbook-form-values';

const base = {
  name: ' Opening Range Breakout ',
  description: '  ',
  rules: [
    { id: 'orb-1', text: ' Wait for the range ' },
    { id: 'rule-x9', text: 'Stop at the middle' },
  ],
  markets: ['NSE futures'],
  timeframes: ['5m'],
};

describe('validatePlaybook', () => {
  it('trims and keeps rule ids, so ticked checks still point at their rule', () => {
    expect(validatePlaybook(base)).toEqual({
      ok: true,
      row: {
        name: 'Opening Range Breakout',
        description: null,
        rules: [
          { id: 'orb-1', text: 'Wait for the range' },
          { id: 'rule-x9', text: 'Stop at the middle' },
        ],
        markets: ['NSE futures'],
        timeframes: ['5m'],
      },
    });
  });

  it('names each problem beside its field', () => {
    const r = validatePlaybook({
      ...base,
      name: '',
      rules: [
        { id: 'a', text: 'Wait for the range' },
        { id: 'b', text: '   ' },
        { id: 'c', text: 'wait for the RANGE' },
        { id: 'd', text: 'x'.repeat(301) },
      ],
    });
    expect(r).toEqual({
      ok: false,
      errors: {
        name: 'Give the playbook a name.',
        rule: {
          b: 'Write the rule, or remove it.',
          c: 'This repeats rule 1.',
          d: 'Keep a rule to 300 characters.',
        },
      },
    });
  });

  it('refuses a second playbook with the same name, whatever the case', () => {
    const r = validatePlaybook(base, ['opening range breakout']);
    expect(r.ok ? null : r.errors.name).toBe('You already have a playbook called “Opening Range Breakout”.');
  });

  it('refuses a name longer than the table allows', () => {
    const r = validatePlaybook({ ...base, name: 'n'.repeat(121) });
    expect(r.ok ? null : r.errors.name).toBe('Keep the name to 120 characters.');
  });
});
