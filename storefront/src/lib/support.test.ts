import { createTestApp, type TestApp } from '@autoroute/api/testing';
import type { Locale } from '@autoroute/locales';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';
import { readSupportForm, SUPPORT_LENGTHS, sendSupportRequest } from './support.ts';

/*
 * The help center's contact form against the real API, in-process as the page calls it: what a
 * visitor sees after posting it (docs/decisions/013-support-requests.md).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.destroy());
beforeEach(() => t.deps.limiters.reset('supportPerIp', 'local'));

/** The page as the server hands it over: the visitor's language and cookies, the API in-process. */
const page = (locale: Locale, cookie?: string) => ({
  locals: { locale, api: (url: string, init?: RequestInit) => t.app.request(url, init, { inProcess: true }) } as App.Locals,
  request: new Request('http://localhost/help-center/', { method: 'POST', headers: cookie ? { cookie } : {} }),
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return readSupportForm(data);
};

const request = { subject: 'Invoice for my plan', message: 'Could you send me an invoice for last month, please?' };

describe('the contact-support form of the help center', () => {
  it('shows the API’s message beside each field a guest got wrong, in the page language, and keeps what they typed', async () => {
    const values = form({ name: 'J', email: 'jean@', subject: ' Hi', message: 'Help!' });
    expect(values).toEqual({ name: 'J', email: 'jean@', subject: ' Hi', message: 'Help!' });
    const fr = translator('fr_FR');
    const outcome = await sendSupportRequest(page('fr_FR'), values, false, fr);
    expect(outcome).toEqual({
      errors: {
        name: 'Le nom doit comporter de 2 à 30 caractères.',
        email: expect.any(String),
        subject: 'L’objet doit comporter de 3 à 120 caractères.',
        message: 'Le message doit comporter de 10 à 5000 caractères.',
      },
      failure: fr('help.support.invalid'),
      status: 422,
    });
  });

  it('limits and hints the lengths the API accepts: the longest of each field goes, one more character does not', async () => {
    const at = (n: number) => 'x'.repeat(n);
    const fields = (n: (field: keyof typeof SUPPORT_LENGTHS) => number) =>
      form({ name: at(n('name')), email: 'jean@example.test', subject: at(n('subject')), message: at(n('message')) });
    const en = translator('en_US');
    expect(
      await sendSupportRequest(
        page('en_US'),
        fields((f) => SUPPORT_LENGTHS[f].max),
        false,
        en,
      ),
    ).toEqual({ sent: expect.any(Number) });
    expect(
      await sendSupportRequest(
        page('en_US'),
        fields((f) => SUPPORT_LENGTHS[f].min),
        false,
        en,
      ),
    ).toEqual({ sent: expect.any(Number) });
    const over = await sendSupportRequest(
      page('en_US'),
      fields((f) => SUPPORT_LENGTHS[f].max + 1),
      false,
      en,
    );
    expect(Object.keys((over as { errors: object }).errors).sort()).toEqual(['message', 'name', 'subject']);
    const under = await sendSupportRequest(
      page('en_US'),
      fields((f) => SUPPORT_LENGTHS[f].min - 1),
      false,
      en,
    );
    expect(Object.keys((under as { errors: object }).errors).sort()).toEqual(['message', 'name', 'subject']);
  });

  it('answers the request number once a guest’s request is received', async () => {
    const outcome = await sendSupportRequest(
      page('en_US'),
      form({ name: 'Jean Dupont', email: 'jean@example.test', ...request }),
      false,
      translator('en_US'),
    );
    expect(outcome).toEqual({ sent: expect.any(Number) });
    const row = await t.database.db
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', (outcome as { sent: number }).sent)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, name: 'Jean Dupont', subject: request.subject, priority: 0 });
  });

  it('sends a member’s subject and message only: they write as their account, with their plan’s priority', async () => {
    const member = await t.member('helpcenter');
    await t.subscribe(member.id, 'Professional (monthly)');
    const cookie = `i18next=en_US; ACCESS_TOKEN=${member.security.accessToken}`;
    const outcome = await sendSupportRequest(page('en_US', cookie), form({ name: '', email: '', ...request }), true, translator('en_US'));
    const id = (outcome as { sent: number }).sent;
    expect(await t.database.db.selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({
      user_id: member.id,
      email: member.email,
      priority: 1,
    });
  });

  it('says so above the form when there were too many requests', async () => {
    const en = translator('en_US');
    let outcome = await sendSupportRequest(page('en_US'), form({ name: 'Flood', email: 'flood@example.test', ...request }), false, en);
    while ('sent' in outcome)
      outcome = await sendSupportRequest(page('en_US'), form({ name: 'Flood', email: 'flood@example.test', ...request }), false, en);
    expect(outcome).toEqual({ errors: {}, failure: en('help.support.tooMany'), status: 429 });
  });
});
