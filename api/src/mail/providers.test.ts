import { readdirSync, readFileSync } from 'node:fs';
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CodeSent, verifyOtpRoute } from '../http/routes/auth/auth.routes.ts';
import type { linkCodeRoute } from '../http/routes/user/user.routes.ts';
import { type ApiError, createTestApp, type RouteJson, readJson, type TestApp, type TestMember } from '../testing.ts';
import { type FakeTwilio, startFakeTwilio } from '../testing-twilio.ts';

const SMS_FROM = '+15005550006';
const WHATSAPP_FROM = '+14155238886';

/** The provider messages (non-mail) the app wrote to its outbox. */
const outboxTexts = (t: TestApp) => {
  try {
    return readdirSync(`${t.database.dir}/outbox`)
      .filter((f) => f.endsWith('.txt'))
      .map((f) => readFileSync(`${t.database.dir}/outbox/${f}`, 'utf8'));
  } catch {
    return [];
  }
};
const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? '';
const openCodes = (t: TestApp, email: string) =>
  t.database.db
    .selectFrom('one_time_codes')
    .select(['id', 'channel'])
    .where('email', '=', email)
    .where('consumed_at', 'is', null)
    .execute();

/** A member whose account language is `language`, and whose phone is typed the way people type it. */
async function memberSpeaking(t: TestApp, name: string, language: string): Promise<TestMember> {
  const m = await t.member(name);
  const res = await t.request(`/api/v1/user/${m.id}`, {
    method: 'PATCH',
    headers: m.headers,
    json: { language, phone: '+33 6 12 34 56 78' },
  });
  expect(res.status).toBe(200);
  return m;
}

const askWhatsAppCode = (t: TestApp, email: string, lng = 'de_DE') =>
  t.request(`/api/v1/auth/generate-whatsapp-otp?lng=${lng}`, { method: 'POST', json: { email, purpose: 'reset_password' } });

describe('SMS and WhatsApp through Twilio (its library against a local fake of its API)', () => {
  let fake: FakeTwilio;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    t = await createTestApp({
      vehicles: 2,
      env: { TRUST_PROXY: 'true', ...fake.env({ sms: SMS_FROM, whatsapp: `whatsapp:${WHATSAPP_FROM}` }) },
      twilioApi: fake.origin,
    });
  });
  afterAll(async () => {
    await t.destroy();
    await fake.close();
  });
  beforeEach(() => {
    fake.messages.length = 0;
    fake.failWith = null;
  });

  it('sends a WhatsApp code from the WhatsApp sender, in the account holder’s language, and the code works', async () => {
    const m = await memberSpeaking(t, 'whatsapper', 'fr_FR');
    const res = await askWhatsAppCode(t, m.email, 'de_DE');
    expect(res.status).toBe(200);
    const { sessionId } = (await readJson<z.infer<typeof CodeSent>>(res)).data;
    expect(fake.messages).toHaveLength(1);
    const [sent] = fake.messages;
    expect(sent).toMatchObject({
      accountSid: fake.accountSid,
      credentials: `${fake.accountSid}:${fake.authToken}`,
      to: 'whatsapp:+33612345678',
      from: `whatsapp:${WHATSAPP_FROM}`,
    });
    // French (the member's), not German (the request's).
    expect(sent?.body).toMatch(/^Voici votre code pour choisir un nouveau mot de passe : \d{6}\nIl expire dans 10 minutes/);
    expect(outboxTexts(t)).toEqual([]);
    const verified = await t.request('/api/v1/auth/verify-otp', {
      method: 'POST',
      json: { email: m.email, otp: codeIn(sent?.body ?? ''), sessionId },
    });
    expect(verified.status).toBe(200);
    expect((await readJson<RouteJson<typeof verifyOtpRoute, 200>>(verified)).data).toMatchObject({ purpose: 'reset_password' });
  });

  it('sends an SMS from the SMS sender', async () => {
    await t.deps.providers.deliver('sms', '+49 (151) 234-5678', 'Ihr Code: 123456');
    expect(fake.messages).toEqual([
      expect.objectContaining({
        to: '+491512345678',
        from: SMS_FROM,
        body: 'Ihr Code: 123456',
        credentials: `${fake.accountSid}:${fake.authToken}`,
      }),
    ]);
  });

  it.each([400, 500])(
    'answers a localized 502 PROVIDER_UNAVAILABLE when Twilio answers %i, and keeps the previous code',
    async (status) => {
      const m = await memberSpeaking(t, `unlucky${status}`, 'fr_FR');
      const first = (await readJson<z.infer<typeof CodeSent>>(await askWhatsAppCode(t, m.email))).data;
      const firstCode = codeIn(fake.messages[0]?.body ?? '');
      const before = await openCodes(t, m.email);
      fake.failWith = status;
      const res = await askWhatsAppCode(t, m.email, 'es_ES');
      expect(res.status).toBe(502);
      // The caller's language: the error is for the person who asked.
      expect(await readJson<ApiError>(res)).toEqual({
        code: 'PROVIDER_UNAVAILABLE',
        error: 'No hemos podido enviar el mensaje en este momento. Inténtalo de nuevo más tarde o elige el correo electrónico.',
      });
      expect(fake.messages).toHaveLength(2);
      expect(await openCodes(t, m.email)).toEqual(before);
      fake.failWith = null;
      const verified = await t.request('/api/v1/auth/verify-otp', {
        method: 'POST',
        json: { email: m.email, otp: firstCode, sessionId: first.sessionId },
      });
      expect(verified.status).toBe(200);
    },
  );

  /** Links a provider the way the settings screen does: a code sent over it, then POST /user/{id}/provider. */
  async function link(m: TestMember, code: 'sms' | 'whatsapp', address?: string) {
    const provider = await t.database.db.selectFrom('providers').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const asked = await readJson<RouteJson<typeof linkCodeRoute, 200>>(
      await t.request(`/api/v1/user/${m.id}/provider/code`, {
        method: 'POST',
        headers: m.headers,
        json: { providerId: provider.id, address },
      }),
    );
    expect(fake.messages.at(-1)?.to).toBe(`${code === 'whatsapp' ? 'whatsapp:' : ''}${(address ?? '+33612345678').replace(/\s/g, '')}`);
    const otp = codeIn(fake.messages.at(-1)?.body ?? '');
    const verified = await readJson<RouteJson<typeof verifyOtpRoute, 200>>(
      await t.request('/api/v1/auth/verify-otp', { method: 'POST', json: { email: m.email, otp, sessionId: asked.data.sessionId } }),
    );
    const res = await t.request(`/api/v1/user/${m.id}/provider`, {
      method: 'POST',
      headers: { ...m.headers, 'x-process-id': verified.data.processId },
      json: { providerId: provider.id },
    });
    expect(res.status).toBe(200);
    return provider.id;
  }

  it('tells a seller of a buyer’s message on each provider they linked, at the number each link proved, in the seller’s language', async () => {
    const seller = await memberSpeaking(t, 'dealer', 'fr_FR');
    const vehicle = await t.database.db.selectFrom('vehicles').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    await t.database.db.updateTable('vehicles').set({ owner_id: seller.id, sold: 0 }).where('id', '=', vehicle.id).execute();
    await link(seller, 'whatsapp');
    // SMS linked to another number than the profile's: the notices go to that one.
    const sms = await link(seller, 'sms', '+44 7700 900123');
    fake.messages.length = 0;
    const contact = { firstname: 'Jana', lastname: 'Novak', phone: '+49 151 2345678', message: 'Ist das Auto noch zu haben?' };
    const ask = (headers: Record<string, string>) =>
      t.request(`/api/v1/vehicles/${vehicle.id}/contact?lng=de_DE`, { method: 'POST', json: contact, headers });

    expect((await ask({ 'x-forwarded-for': '203.0.113.7' })).status).toBe(201);
    // The link opens the conversation the message began (issue 17).
    const conversation = await t.database.db.selectFrom('conversations').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const notice = `Jana Novak vous a envoyé un message à propos de votre annonce « ${vehicle.title} ». Lisez-le et répondez : http://localhost:3000/messages/?c=${conversation.id}`;
    expect(fake.messages).toEqual([
      expect.objectContaining({ to: '+447700900123', from: SMS_FROM, body: notice }),
      expect.objectContaining({ to: 'whatsapp:+33612345678', from: `whatsapp:${WHATSAPP_FROM}`, body: notice }),
    ]);

    // A provider turned off stays quiet; one that fails does not fail the buyer, whose message is kept.
    const off = await t.request(`/api/v1/user/${seller.id}/is-notifiable`, {
      method: 'PUT',
      headers: seller.headers,
      json: { providerId: sms, isNotifiable: false },
    });
    expect(off.status).toBe(200);
    fake.messages.length = 0;
    fake.failWith = 500;
    expect((await ask({ 'x-forwarded-for': '203.0.113.8' })).status).toBe(201);
    expect(fake.messages.map((m) => m.to)).toEqual(['whatsapp:+33612345678']);
    const inbox = await t.database.db.selectFrom('notifications').select('id').where('user_id', '=', seller.id).execute();
    expect(inbox).toHaveLength(2);
  });

  it('sends no WhatsApp message for an address without an account, and answers the same', async () => {
    const res = await askWhatsAppCode(t, 'nobody@example.test');
    expect(res.status).toBe(200);
    expect(fake.messages).toEqual([]);
  });
});

describe('SMS and WhatsApp without Twilio', () => {
  let fake: FakeTwilio;
  let t: TestApp;
  let smsOnly: TestApp;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    smsOnly = await createTestApp({ env: { TRUST_PROXY: 'true', ...fake.env({ sms: SMS_FROM }) }, twilioApi: fake.origin });
  });
  afterAll(async () => {
    await t.destroy();
    await smsOnly.destroy();
    await fake.close();
  });

  it('writes a WhatsApp code to the outbox when Twilio is not configured', async () => {
    const m = await memberSpeaking(t, 'offline', 'de_DE');
    const res = await askWhatsAppCode(t, m.email, 'fr_FR');
    expect(res.status).toBe(200);
    const [text, ...others] = outboxTexts(t);
    expect(others).toEqual([]);
    expect(text).toMatch(/^To: \+33 6 12 34 56 78\nChannel: whatsapp\n\nHier ist Ihr Code/);
    expect(fake.messages).toEqual([]);
  });

  it('keeps the outbox for WhatsApp when only the SMS sender is configured, and sends SMS through Twilio', async () => {
    const m = await memberSpeaking(smsOnly, 'halfway', 'en_US');
    expect((await askWhatsAppCode(smsOnly, m.email)).status).toBe(200);
    expect(outboxTexts(smsOnly)).toEqual([expect.stringMatching(/^To: \+33 6 12 34 56 78\nChannel: whatsapp\n\nHere is your code/)]);
    expect(fake.messages).toEqual([]);
    await smsOnly.deps.providers.deliver('sms', '+33612345678', 'Hello');
    expect(fake.messages).toEqual([expect.objectContaining({ to: '+33612345678', from: SMS_FROM, body: 'Hello' })]);
  });
});

describe('Twilio out of reach', () => {
  it('answers 502 PROVIDER_UNAVAILABLE when nothing listens at Twilio’s address, and stores no code', async () => {
    const fake = await startFakeTwilio();
    const origin = fake.origin;
    await fake.close();
    const t = await createTestApp({ env: { TRUST_PROXY: 'true', ...fake.env({ whatsapp: WHATSAPP_FROM }) }, twilioApi: origin });
    try {
      const m = await memberSpeaking(t, 'unreachable', 'en_US');
      const res = await askWhatsAppCode(t, m.email, 'en_US');
      expect(res.status).toBe(502);
      expect(await readJson<ApiError>(res)).toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
        error: expect.stringMatching(/^We could not send the message/),
      });
      expect(await openCodes(t, m.email)).toEqual([]);
    } finally {
      await t.destroy();
    }
  });
});
