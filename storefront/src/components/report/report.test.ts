import { createTestApp, type TestApp } from '@autoroute/api/testing';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '@autoroute/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n.ts';
import { checkReport, emptyReport, fieldOfPath, isReason, type ReportStrings, refusalField, reportBody } from './report.ts';

const s = translator('en_US')('report', { returnObjects: true }) as ReportStrings;
const filled = { ...emptyReport(), reason: 'fraud_or_advance_payment' as const, goodFaith: true };

describe('the report form', () => {
  it('names and explains each of the API’s reasons', () => {
    for (const reason of REPORT_REASONS) {
      expect(s.reasons[reason].label, reason).toBeTruthy();
      expect(s.reasons[reason].hint, reason).toBeTruthy();
    }
    expect(Object.keys(s.reasons).sort()).toEqual([...REPORT_REASONS].sort());
  });

  it('asks a member for a reason and the good-faith statement, nothing more', () => {
    expect(checkReport(emptyReport(), false, s)).toEqual({ reason: s.reasonRequired, goodFaith: s.goodFaithRequired });
    expect(checkReport(filled, false, s)).toEqual({});
  });

  it('asks for details with “other”, and refuses details over the limit', () => {
    expect(checkReport({ ...filled, reason: 'other', details: '   ' }, false, s)).toEqual({ details: s.detailsRequired });
    expect(checkReport({ ...filled, reason: 'other', details: 'The seller asked me to pay by courier.' }, false, s)).toEqual({});
    expect(checkReport({ ...filled, details: 'x'.repeat(REPORT_DETAILS_MAX + 1) }, false, s)).toEqual({ details: s.detailsTooLong });
  });

  it('asks a guest for a name of 2 to 30 characters and a valid address', () => {
    expect(checkReport(filled, true, s)).toEqual({ name: s.nameRequired, email: s.emailInvalid });
    expect(checkReport({ ...filled, name: 'A', email: 'nina@example' }, true, s)).toEqual({ name: s.nameRequired, email: s.emailInvalid });
    expect(checkReport({ ...filled, name: 'Nina Guest', email: ' nina@example.test ' }, true, s)).toEqual({});
  });

  it('sends a member’s report without a name or an address, and a guest’s with them, trimmed', () => {
    const values = { ...filled, details: '  asked for a deposit  ', name: ' Nina ', email: ' nina@example.test ' };
    expect(reportBody({ kind: 'listing', id: 7 }, values, false)).toEqual({
      targetKind: 'listing',
      targetId: 7,
      reason: 'fraud_or_advance_payment',
      details: 'asked for a deposit',
      goodFaith: true,
    });
    expect(reportBody({ kind: 'message', id: 3 }, { ...values, details: ' ' }, true, { sessionId: 'abc', code: '123456' })).toEqual({
      targetKind: 'message',
      targetId: 3,
      reason: 'fraud_or_advance_payment',
      goodFaith: true,
      name: 'Nina',
      email: 'nina@example.test',
      sessionId: 'abc',
      code: '123456',
    });
  });

  it('shows a repeat under the reason, the API’s field errors beside their fields, and nothing else on a field', () => {
    expect(refusalField('REPORT_DUPLICATE')).toBe('reason');
    expect(refusalField('REPORT_OWN_TARGET')).toBeNull();
    expect(refusalField('TOO_MANY_REQUESTS')).toBeNull();
    expect(fieldOfPath('details')).toBe('details');
    expect(fieldOfPath('goodFaith')).toBe('goodFaith');
    expect(fieldOfPath('targetId')).toBeNull();
    expect(isReason('spam')).toBe(true);
    expect(isReason('nonsense')).toBe(false);
  });
});

describe('the report form against the real API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.destroy());

  const post = (body: unknown, lng = 'en_US') =>
    t.app.request(
      `/api/v1/reports?lng=${lng}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      { inProcess: true },
    );

  it('has a field for every problem the API finds in a guest’s empty form, each message in the page’s language', async () => {
    const response = await post(reportBody({ kind: 'listing', id: 1 }, { ...emptyReport(), reason: 'other' }, true), 'fr_FR');
    expect(response.status).toBe(422);
    const { details } = (await response.json()) as { details: { path: string; message: string }[] };
    expect(details.map((d) => fieldOfPath(d.path))).toEqual(['details', 'goodFaith', 'name', 'email']);
    expect(details[0]?.message).toBe(translator('fr_FR')('api:report.detailsRequired'));
  });

  it('is told a listing that is not online, above the form', async () => {
    const body = reportBody({ kind: 'listing', id: 2_000_000_000 }, { ...filled, name: 'Nina Guest', email: 'nina@example.test' }, true);
    const response = await post(body);
    expect(response.status).toBe(404);
    const { code } = (await response.json()) as { code: string };
    expect(code).toBe('REPORT_TARGET_NOT_FOUND');
    expect(refusalField(code)).toBeNull();
  });

  it('refuses a statement not given, under its checkbox', async () => {
    const response = await post(reportBody({ kind: 'listing', id: 1 }, { ...filled, goodFaith: false }, false));
    const { details } = (await response.json()) as { details: { path: string }[] };
    expect(details.map((d) => fieldOfPath(d.path))).toEqual(['goodFaith', 'name', 'email']);
  });
});
