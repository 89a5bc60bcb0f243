import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, readJson, type TestApp, type TestMember } from '../../testing.ts';

// Issue 31: names are one line of visible text (no control characters, no bidi overrides), and a
// message of only invisible characters is empty: the one rule of the contract (fields.ts NAME_TEXT,
// hasVisibleText) on every route that writes a name or a message.
let t: TestApp;
let me: TestMember;
let admin: TestMember;
let seller: TestMember;
let listing: number;

beforeAll(async () => {
  t = await createTestApp({ vehicles: 2 });
  me = await t.member('writer');
  admin = await t.member('boss');
  seller = await t.member('sellerx');
  await t.grant(admin.id, ['admin.user.create']);
  const db = t.database.db;
  listing = (await db.selectFrom('vehicles').select('id').where('sold', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
  await db.updateTable('vehicles').set({ owner_id: seller.id }).where('id', '=', listing).execute();
});
afterAll(() => t.destroy());

/** NUL, BEL, a line break, DEL, a C1 control (NEL), the right-to-left override, an embedding, an isolate. */
const BAD_CHARS = ['\u0000', '\u0007', '\n', '\u007f', '\u0085', '\u202Egnp.exe', '\u202B', '\u2066x\u2069'];
/** Each inside a name, and a name of only zero-width spaces. */
const BAD_NAMES = [...BAD_CHARS.map((c) => `An${c}a`), '\u200b\u200b\u200b'];
/** Names from everywhere, right-to-left ones included, stay welcome. */
const GOOD_NAMES = ['Zoë', 'Jean-Luc', "O'Brien", 'عبد الله', '王小明', 'Ðorđe'];
const FRENCH = { 'accept-language': 'fr-FR' };
const NAME_CHARS_FR = 'Utilisez uniquement des caractères visibles : ni caractères de contrôle ni marques de sens d’écriture.';

async function refused(res: Response, path: string, message?: string) {
  expect(res.status, path).toBe(422);
  const body = await readJson<ApiError>(res);
  expect(body.code).toBe('VALIDATION_FAILED');
  const detail = body.details?.find((d) => d.path === path);
  expect(detail, JSON.stringify(body.details)).toBeDefined();
  if (message) expect(detail?.message).toBe(message);
}

let serial = 0;
const signup = (fields: Record<string, string>) => {
  serial += 1;
  return t.request('/api/v1/auth/signup', {
    method: 'POST',
    headers: { ...FRENCH, 'x-forwarded-for': `203.0.113.${serial % 250}` },
    json: {
      email: `new${serial}@example.test`,
      password: 'a long enough passphrase',
      username: `new${serial}`,
      firstName: 'Ana',
      lastName: 'Silva',
      phone: '+33612345678',
      ...fields,
    },
  });
};

describe('names', () => {
  it('sign-up refuses control and bidi characters in the first name, last name and username, with a localized 422', async () => {
    for (const bad of BAD_NAMES) {
      await refused(await signup({ firstName: bad }), 'firstName', bad.startsWith('\u200b') ? undefined : NAME_CHARS_FR);
      await refused(await signup({ lastName: bad }), 'lastName');
      await refused(await signup({ username: bad }), 'username');
    }
    for (const good of GOOD_NAMES) expect((await signup({ firstName: good, lastName: good })).status, good).toBe(200);
  });

  it('settings refuse them in the first name, last name, display name and username; a good name is saved', async () => {
    for (const bad of BAD_NAMES) {
      for (const field of ['firstName', 'lastName', 'name']) {
        const res = await t.request(`/api/v1/user/${me.id}`, {
          method: 'PATCH',
          headers: { ...me.headers, ...FRENCH },
          json: { [field]: bad },
        });
        await refused(res, field, bad.startsWith('\u200b') ? undefined : NAME_CHARS_FR);
      }
      const res = await t.request(`/api/v1/user/${me.id}`, { method: 'PATCH', headers: me.headers, json: { username: bad } });
      await refused(res, 'username');
    }
    const ok = await t.request(`/api/v1/user/${me.id}`, {
      method: 'PATCH',
      headers: me.headers,
      json: { firstName: 'عبد الله', name: 'Zoë' },
    });
    expect(ok.status).toBe(200);
    const stored = await t.database.db.selectFrom('users').select(['first_name', 'name']).where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ first_name: 'عبد الله', name: 'Zoë' });
  });

  it('the back office refuses them in a user it creates', async () => {
    for (const bad of BAD_NAMES) {
      serial += 1;
      const res = await t.request('/api/v1/admin/users', {
        method: 'POST',
        headers: { ...admin.headers, ...FRENCH },
        json: {
          email: `made${serial}@example.test`,
          username: `made${serial}`,
          firstName: bad,
          lastName: 'Silva',
          status: 'active',
          roleIds: [],
          password: 'a long enough passphrase',
        },
      });
      await refused(res, 'firstName', bad.startsWith('\u200b') ? undefined : NAME_CHARS_FR);
    }
  });

  it('the contact form and a support request refuse them in the sender’s name', async () => {
    for (const bad of BAD_NAMES) {
      await t.deps.limiters.reset('contactPerIp', 'local');
      const contact = await t.request(`/api/v1/vehicles/${listing}/contact`, {
        method: 'POST',
        headers: FRENCH,
        json: { firstname: bad, lastname: 'Dupont', phone: '+33 6 98 76 54 32', message: 'Is it still available?' },
      });
      await refused(contact, 'firstname', bad.startsWith('\u200b') ? undefined : NAME_CHARS_FR);
      const support = await t.request('/api/v1/support', {
        method: 'POST',
        headers: FRENCH,
        json: { name: bad, email: 'jean@example.test', subject: 'A question', message: 'How do I change my plan?' },
      });
      await refused(support, 'name', bad.startsWith('\u200b') ? undefined : NAME_CHARS_FR);
    }
  });
});

describe('messages of only invisible characters', () => {
  const INVISIBLE = ['\u200b', '\u200b\u200c\u200d', '\u2060\ufeff \u200b', `${'\u200b'.repeat(40)}\n\t`];

  it('are refused as empty by the contact form, a conversation and a support request', async () => {
    await t.deps.limiters.reset('contactPerIp', 'local');
    const opened = await t.request(`/api/v1/vehicles/${listing}/contact`, {
      method: 'POST',
      headers: me.headers,
      json: { firstname: 'Jean', lastname: 'Dupont', phone: '+33 6 98 76 54 32', message: 'Is it still available?' },
    });
    expect(opened.status).toBe(201);
    const { conversationId } = ((await opened.json()) as { data: { conversationId: number } }).data;
    for (const message of INVISIBLE) {
      await t.deps.limiters.reset('contactPerIp', 'local');
      const contact = await t.request(`/api/v1/vehicles/${listing}/contact`, {
        method: 'POST',
        headers: FRENCH,
        json: { firstname: 'Jean', lastname: 'Dupont', phone: '+33 6 98 76 54 32', message },
      });
      await refused(contact, 'message', 'Écrivez un message au vendeur.');
      const reply = await t.request(`/api/v1/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { ...seller.headers, ...FRENCH },
        json: { body: message },
      });
      await refused(reply, 'body');
      const support = await t.request('/api/v1/support', {
        method: 'POST',
        headers: FRENCH,
        json: { name: 'Jean', email: 'jean@example.test', subject: 'A question', message: `${message}${'\u200b'.repeat(12)}` },
      });
      await refused(support, 'message', 'Ce champ est obligatoire.');
    }
    // A message with something to read still goes, zero-width characters and all.
    const fine = await t.request(`/api/v1/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: seller.headers,
      json: { body: '\u200bYes, come on Saturday.' },
    });
    expect(fine.status).toBe(201);
  });
});
