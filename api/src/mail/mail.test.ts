import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, latestCode, readJson, type TestApp, type TestMember } from '../testing.ts';

/**
 * Every kind of mail, triggered through the real app and read back from the outbox with a real MIME
 * parser (docs/decisions/028-mail.md): both parts, the recipient's language, the sender, Reply-To on
 * a buyer's message, and the one-click unsubscribe of notification mails, which must really work.
 */

/** The document the app serves at /api/v1/openapi.json (`doc31`). */
type OpenApiDocument = ReturnType<TestApp['app']['getOpenAPI31Document']>;

const MAIL_FROM = 'Autoroute Mail <mail@cars.example.test>';
const PUBLIC_URL = 'https://cars.example.test';

let t: TestApp;
/** A member whose account speaks German, and one whose account speaks Arabic. */
let german: TestMember;
let arabic: TestMember;
/** A demo seller whose account speaks German, and one of their unsold vehicles. */
let seller: { id: number; email: string };
let vehicleId: number;

/** Every mail the app wrote to `to`, oldest first, parsed as a mail client would. */
async function mailsTo(to: string): Promise<ParsedMail[]> {
  const folder = `${t.database.dir}/outbox`;
  const files = readdirSync(folder)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(`${folder}/${f}`))));
  return mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === to)));
}

async function lastMailTo(to: string): Promise<ParsedMail> {
  const mail = (await mailsTo(to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** A raw header's value as the mail carries it (null when absent). */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '') ?? null;

/**
 * What every mail must be: multipart/alternative with a text and an HTML part, the HTML a whole
 * page in `language` (lang, dir, a title), Content-Language saying the same, from MAIL_FROM.
 */
function expectWellFormed(mail: ParsedMail, language: string, dir: 'ltr' | 'rtl') {
  expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
  expect(mail.text?.trim()).toBeTruthy();
  expect(typeof mail.html).toBe('string');
  const html = mail.html as string;
  const root = html.match(/<html[^>]*>/)?.[0] ?? '';
  expect(root).toContain(`lang="${language}"`);
  expect(root).toContain(`dir="${dir}"`);
  expect(html).toMatch(new RegExp(`<title>${mail.subject?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</title>`));
  expect(html).toContain('name="viewport"');
  expect(html).toContain('Autoroute');
  // Layout tables say they are layout; none claims to be a data table.
  for (const table of html.match(/<table[^>]*>/g) ?? []) expect(table).toContain('role="presentation"');
  expect(header(mail, 'Content-Language')).toBe(language);
  expect(mail.from?.value).toEqual([{ name: 'Autoroute Mail', address: 'mail@cars.example.test' }]);
}

function expectTransactional(mail: ParsedMail) {
  expect(header(mail, 'List-Unsubscribe')).toBeNull();
  expect(header(mail, 'List-Unsubscribe-Post')).toBeNull();
}

/** The words of the HTML part without its markup: what a reader of the HTML sees. */
const visible = (mail: ParsedMail) =>
  (mail.html as string)
    .replace(/<head>.*<\/head>/s, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

async function setLanguage(userId: number, code: string) {
  const db = t.database.db;
  const language = await db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  await db.updateTable('users').set({ language_id: language.id }).where('id', '=', userId).execute();
}

const contact = {
  firstname: 'Jean',
  lastname: 'Dupont',
  phone: '+33 6 98 76 54 32',
  email: 'jean.dupont@example.test',
  message: 'Bonjour, is the car still available for a test drive on Saturday?',
};
const sendContact = (body: unknown, headers: Record<string, string> = {}) =>
  t.request(`/api/v1/vehicles/${vehicleId}/contact`, { method: 'POST', json: body, headers });

const emailSwitch = async (userId: number) =>
  (await t.database.db.selectFrom('notification_preferences').select('email').where('user_id', '=', userId).executeTakeFirst())?.email;
/** A member's email switches as stored (no row yet: undefined, the defaults). */
const emailSwitches = (userId: number) =>
  t.database.db
    .selectFrom('notification_preferences')
    .select(['email', 'message_email', 'price_drop_email', 'saved_search_email'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp({ vehicles: 12, env: { MAIL_FROM, PUBLIC_URL } });
  german = await t.member('hilde');
  await setLanguage(german.id, 'de_DE');
  arabic = await t.member('layla');
  await setLanguage(arabic.id, 'ar_SA');
  const db = t.database.db;
  const row = await db
    .selectFrom('vehicles as v')
    .innerJoin('users as u', 'u.id', 'v.owner_id')
    .select(['v.id', 'u.id as owner', 'u.email'])
    .where('v.sold', '=', 0)
    .where('u.status', '=', 'active')
    .orderBy('v.id')
    .executeTakeFirstOrThrow();
  vehicleId = row.id;
  seller = { id: row.owner, email: row.email };
  await setLanguage(seller.id, 'de_DE');
});
afterAll(() => t.destroy());
beforeEach(async () => {
  for (const name of ['contactPerIp', 'supportPerIp', 'signupPerIp', 'codePerIp'] as const) await t.deps.limiters.reset(name, 'local');
  await t.deps.limiters.reset('contactPerListing', String(vehicleId));
});

describe('transactional mail: codes and account notices', () => {
  it('sends a guest’s sign-up code in the request’s language: Arabic, right to left', async () => {
    const res = await t.request('/api/v1/auth/signup', {
      method: 'POST',
      headers: { 'accept-language': 'ar-SA' },
      json: {
        email: 'samir@example.test',
        password: 'a long enough passphrase',
        username: 'samir',
        firstName: 'Samir',
        lastName: 'Haddad',
        phone: '+33612345670',
      },
    });
    expect(res.status).toBe(200);
    const mail = await lastMailTo('samir@example.test');
    expectWellFormed(mail, 'ar-SA', 'rtl');
    expectTransactional(mail);
    const code = latestCode(t.database.dir, 'samir@example.test');
    // The same code and the same words in both parts.
    expect(mail.text).toContain(`    ${code}`);
    expect(visible(mail)).toContain(code);
    expect(mail.subject).toBe('رمز التحقق الخاص بك من أوتوروت');
    for (const words of [mail.subject ?? '', 'تتلقى هذه الرسالة لأنه طُلب رمز بهذا العنوان على Autoroute.']) {
      expect(mail.text).toContain(words);
      expect(visible(mail)).toContain(words);
    }
  });

  it('sends a member’s reset code in their account’s language, whatever the request’s', async () => {
    const res = await t.request('/api/v1/auth/generate-otp', {
      method: 'POST',
      headers: { 'accept-language': 'en-US' },
      json: { email: german.email },
    });
    expect(res.status).toBe(200);
    const mail = await lastMailTo(german.email);
    expectWellFormed(mail, 'de-DE', 'ltr');
    expectTransactional(mail);
    expect(mail.text).toContain('Sie erhalten diese E-Mail');
    expect(mail.text).toMatch(/^ {4}\d{6}$/m);
  });

  it('tells an account holder about a sign-up with their address, in their language (Arabic)', async () => {
    const res = await t.request('/api/v1/auth/signup', {
      method: 'POST',
      headers: { 'accept-language': 'fr-FR' },
      json: {
        email: arabic.email,
        password: 'a long enough passphrase',
        username: 'layla2',
        firstName: 'Layla',
        lastName: 'Nasser',
        phone: '+33612345671',
      },
    });
    expect(res.status).toBe(200);
    const mail = await lastMailTo(arabic.email);
    expectWellFormed(mail, 'ar-SA', 'rtl');
    expectTransactional(mail);
    expect(mail.text).not.toMatch(/\d{6}/);
  });

  it('confirms a support request in the guest’s language, and a member’s in their account’s', async () => {
    const request = { subject: 'Photos refused', message: 'Each photo is under 2 MB, yet the form refuses them.' };
    let res = await t.request('/api/v1/support', {
      method: 'POST',
      headers: { 'accept-language': 'es-ES' },
      json: { ...request, name: 'Lucía Gómez', email: 'lucia@example.test' },
    });
    expect(res.status).toBe(201);
    let mail = await lastMailTo('lucia@example.test');
    expectWellFormed(mail, 'es-ES', 'ltr');
    expectTransactional(mail);
    // A guest's mail repeats nothing they typed.
    expect(mail.text).not.toContain(request.message);
    expect(mail.html).not.toContain('Lucía');

    res = await t.request('/api/v1/support', { method: 'POST', headers: german.headers, json: request });
    expect(res.status).toBe(201);
    mail = await lastMailTo(german.email);
    expectWellFormed(mail, 'de-DE', 'ltr');
    expectTransactional(mail);
    expect(mail.text).toContain(request.message);
    expect(visible(mail)).toContain(request.message);
  });

  it('mails a notice on the email channel in the language it was written in', async () => {
    await t.deps.providers.deliver('email', 'notice@example.test', 'Новое сообщение\nПодробности в вашем кабинете.', 'ru_RU');
    const mail = await lastMailTo('notice@example.test');
    expectWellFormed(mail, 'ru-RU', 'ltr');
    expect(mail.subject).toBe('Новое сообщение');
  });
});

describe('a buyer’s message to a seller: a notification', () => {
  let unsubscribe = '';

  it('reaches the seller in their language, answers go to the guest buyer, and it can be unsubscribed from', async () => {
    const before = (await mailsTo(seller.email)).length;
    const res = await sendContact(contact, { 'accept-language': 'fr-FR' });
    expect(res.status).toBe(201);
    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expectWellFormed(mail, 'de-DE', 'ltr');
    expect(mail.replyTo?.value).toEqual([{ name: '', address: contact.email }]);
    expect(mail.subject).toMatch(/^Neue Nachricht/);
    for (const words of [contact.message, contact.phone, `/vehicles/${vehicleId}`]) {
      expect(mail.text).toContain(words);
      expect(visible(mail)).toContain(words);
    }

    const list = header(mail, 'List-Unsubscribe');
    expect(list).toMatch(new RegExp(`^<${PUBLIC_URL}/api/v1/unsubscribe/[^>]+>$`));
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    unsubscribe = list!.slice(1, -1);
    // The same link in the footer of both parts.
    expect(mail.text).toContain(unsubscribe);
    expect(mail.html).toContain(`href="${unsubscribe}"`);
  });

  it('answers to a member buyer’s account address when they leave the email out', async () => {
    const res = await sendContact({ ...contact, email: '' }, arabic.headers);
    expect(res.status).toBe(201);
    const mail = await lastMailTo(seller.email);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: arabic.email }]);
    // The seller's language, not the buyer's.
    expectWellFormed(mail, 'de-DE', 'ltr');
  });

  it('refuses a tampered or malformed unsubscribe token with a localized 400, changing nothing', async () => {
    const path = new URL(unsubscribe).pathname;
    const token = path.split('/').at(-1)!;
    const [id, kind, signature] = token.split('.');
    const forged = [
      `${id}.${kind}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`,
      `${german.id}.${kind}.${signature}`,
      `${id}.marketing.${signature}`,
      'not-a-token',
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST']) {
        const res = await t.app.request(`/api/v1/unsubscribe/${bad}`, {
          method,
          headers: { 'accept-language': 'fr-FR', ...(method === 'POST' && { 'content-type': 'application/x-www-form-urlencoded' }) },
          ...(method === 'POST' && { body: 'List-Unsubscribe=One-Click' }),
        });
        expect(res.status, `${method} ${bad}`).toBe(400);
        const page = await res.text();
        expect(page).toContain('<html lang="fr-FR" dir="ltr">');
        expect(page).toContain('Ce lien de désabonnement n’est pas valide.');
      }
    }
    expect(await emailSwitch(seller.id)).not.toBe(0);
  });

  it('asks on GET, in the member’s language, without changing anything', async () => {
    const res = await t.app.request(new URL(unsubscribe).pathname, { headers: { 'accept-language': 'en-US' } });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<html lang="de-DE" dir="ltr">');
    expect(page).toContain('<form method="post">');
    expect(page).toContain('Diese E-Mails beenden');
    expect(await emailSwitch(seller.id)).not.toBe(0);
  });

  it('turns only the messages’ email off on a one-click POST, says so, and the next message is not mailed', async () => {
    // The link names its topic in its signed token: a buyer's message.
    expect(new URL(unsubscribe).pathname.split('/').at(-1)).toMatch(new RegExp(`^${seller.id}\\.contact\\.`));
    // As a mail client posts it (RFC 8058): unsigned, no session, no Origin.
    const res = await t.app.request(new URL(unsubscribe).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const page = await res.text();
    // What was switched off, in the seller's language, and the way to Settings › Notifications.
    expect(page).toContain('Erledigt: E-Mails zu neuen Nachrichten sind ausgeschaltet. Ihre anderen E-Mails bleiben unverändert.');
    expect(page).toContain(`href="${PUBLIC_URL}/settings/notifications/"`);
    // That topic's email alone: mail as a whole, price drops and saved searches stay on.
    expect(await emailSwitches(seller.id)).toEqual({ email: 1, message_email: 0, price_drop_email: 1, saved_search_email: 1 });

    const mails = (await mailsTo(seller.email)).length;
    const inbox = await t.database.db.selectFrom('notifications').select('id').where('user_id', '=', seller.id).execute();
    const sent = await sendContact(contact);
    expect(sent.status).toBe(201);
    // Still in the seller's inbox, no longer mailed.
    expect(await t.database.db.selectFrom('notifications').select('id').where('user_id', '=', seller.id).execute()).toHaveLength(
      inbox.length + 1,
    );
    expect(await mailsTo(seller.email)).toHaveLength(mails);
    // Posting again is harmless.
    const again = await t.app.request(new URL(unsubscribe).pathname, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(again.status).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = await readJson<OpenApiDocument>(await t.request('/api/v1/openapi.json'));
    expect(Object.keys(doc.paths!['/api/v1/unsubscribe/{token}']!)).toEqual(['get', 'post']);
  });
});

describe('the server’s own runtime', () => {
  it('renders the HTML part under tsx from the repository’s root, as `npm start` runs the API', () => {
    // Vitest reads api/tsconfig.json for JSX; tsx, started from the root, reads no such file.
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const script = `const { renderMail } = await import('./api/src/mail/layout.tsx');
      const mail = await renderMail('ar_SA', { subject: 'S', blocks: [{ type: 'code', code: '123456' }], footer: 'F' });
      process.stdout.write(mail.html);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/<html dir="rtl" lang="ar-SA">/);
    expect(run.stdout).toContain('123456');
  });
});
