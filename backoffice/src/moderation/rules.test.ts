import { describe, expect, it } from 'vitest';
import { actionsFor, age, decisionBody, isOpen, restricts, yearToDate } from './rules.ts';

describe('the moderation screens’ rules', () => {
  it('offers each kind of target only the actions it takes', () => {
    expect(actionsFor('listing')).toEqual(['no_action', 'warn', 'hold', 'remove', 'suspend']);
    expect(actionsFor('seller')).toEqual(['no_action', 'warn', 'suspend']);
    expect(actionsFor('review')).not.toContain('hold');
    expect(actionsFor('nonsense')).toEqual([]);
  });

  it('asks a ground for a restriction, facts always, and sends unfounded only with no action', () => {
    expect(restricts('no_action')).toBe(false);
    expect(restricts('hold')).toBe(true);
    expect(restricts('')).toBe(false);
    expect(decisionBody('listing', { action: 'hold', ground: '', facts: ' ', unfounded: false })).toEqual({
      ok: false,
      errors: { ground: 'api.moderation.groundRequired', facts: 'api.moderation.factsRequired' },
    });
    expect(decisionBody('seller', { action: 'hold', ground: 'terms_fraud', facts: 'x', unfounded: false })).toEqual({
      ok: false,
      errors: { action: 'api.moderation.actionInvalid' },
    });
    expect(decisionBody('listing', { action: '', ground: '', facts: 'x', unfounded: false })).toMatchObject({ ok: false });
    expect(decisionBody('listing', { action: 'hold', ground: 'terms_fraud', facts: ' Deposit asked. ', unfounded: true })).toEqual({
      ok: true,
      body: { action: 'hold', ground: 'terms_fraud', facts: 'Deposit asked.', unfounded: false },
    });
    expect(decisionBody('listing', { action: 'no_action', ground: 'terms_fraud', facts: 'Fine.', unfounded: true })).toEqual({
      ok: true,
      body: { action: 'no_action', facts: 'Fine.', unfounded: true },
    });
    expect(decisionBody('listing', { action: 'warn', ground: 'terms_spam', facts: 'x'.repeat(2001), unfounded: false })).toEqual({
      ok: false,
      errors: { facts: 'api.moderation.factsTooLong' },
    });
  });

  it('takes and decides open cases only', () => {
    expect(isOpen('open')).toBe(true);
    expect(isOpen('in_review')).toBe(true);
    expect(isOpen('decided')).toBe(false);
    expect(isOpen('appealed')).toBe(false);
  });

  it('tells a case’s age in minutes, hours, then days', () => {
    const now = Date.parse('2026-06-14T12:00:00Z');
    expect(age('2026-06-14T11:59:30Z', now)).toEqual({ value: 0, unit: 'minute' });
    expect(age('2026-06-14T11:15:00Z', now)).toEqual({ value: 45, unit: 'minute' });
    expect(age('2026-06-13T10:00:00Z', now)).toEqual({ value: 26, unit: 'hour' });
    expect(age('2026-06-04T12:00:00Z', now)).toEqual({ value: 10, unit: 'day' });
    expect(age('2026-06-15T12:00:00Z', now)).toEqual({ value: 0, unit: 'minute' });
  });

  it('reports the year so far by default', () => {
    expect(yearToDate(new Date('2026-06-14T12:00:00Z'))).toEqual({ from: '2026-01-01', to: '2026-06-14' });
  });
});
