import type { Conversation, ConversationList } from '@autoroute/contract/conversations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GUEST_LINK_DAYS, guestToken } from '../../../domain/conversations/conversations.service.ts';
import {
  type ApiError,
  createTestApp,
  type Data,
  outboxMails,
  type RouteJson,
  readJson,
  type TestApp,
  type TestMember,
} from '../../../testing.ts';
import type { listRoute as notificationsRoute } from '../notifications/notifications.routes.ts';
import type { contactRoute } from '../vehicles/interactions.routes.ts';

// Issue 17 item 6: conversations between a buyer (a member or a guest) and a seller, through the real app.
let t: TestApp;
let buyer: TestMember;
let seller: TestMember;
let stranger: TestMember;
/** Two listings of the seller's. */
let listing: number;
let second: number;
const db = () => t.database.db;

const contact = {
  firstname: 'Jean',
  lastname: 'Dupont',
  phone: '+33 6 98 76 54 32',
  email: 'jean.dupont@example.test',
  message: 'Bonjour, is the car still available?',
};

const sendContact = (id: number, body: Record<string, unknown>, member?: TestMember, lng = 'en_US') =>
  t.request(`/api/v1/vehicles/${id}/contact?lng=${lng}`, { method: 'POST', json: body, headers: member?.headers ?? {} });
const call = (member: TestMember, path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/v1/conversations${path}`, { ...init, headers: member.headers });
type Contacted = RouteJson<typeof contactRoute, 201>;
const countOf = async (table: 'conversations' | 'messages' | 'contacts' | 'notifications') =>
  Number((await db().selectFrom(table).select(db().fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const runJob = async (handler: string) => {
  const job = await db().selectFrom('datacrons').select('id').where('handler', '=', handler).executeTakeFirstOrThrow();
  const result = await t.deps.jobs.runNow(job.id);
  if (result.status !== 'finished') throw new Error(`${handler}: ${result.status}`);
};
/** A guest's link as the reply mail gives it, and its token. */
const linkIn = (text: string) => {
  const url = /https?:\/\/\S+\/messages\/guest\/\?t=(\S+)/.exec(text);
  if (!url?.[1]) throw new Error(`no guest link in ${text}`);
  return decodeURIComponent(url[1]);
};

beforeAll(async () => {
  t = await createTestApp({ vehicles: 4 });
  buyer = await t.member('bruno');
  seller = await t.member('sandra');
  stranger = await t.member('stan');
  const ids = (await db().selectFrom('vehicles').select('id').where('sold', '=', 0).orderBy('id').limit(2).execute()).map((r) => r.id);
  [listing, second] = ids as [number, number];
  // A fixture: the seeded listings become the seller's.
  await db().updateTable('vehicles').set({ owner_id: seller.id }).where('id', 'in', ids).execute();
});
afterAll(() => t.destroy());
beforeEach(async () => {
  await t.deps.limiters.reset('contactPerIp', 'local');
  for (const id of [listing, second]) await t.deps.limiters.reset('contactPerListing', String(id));
});

describe('a member writes to a seller', () => {
  let id: number;

  it('opens a conversation that both sides list, with the buyer’s details hidden when they choose so', async () => {
    const contacts = await countOf('contacts');
    const res = await sendContact(listing, { ...contact, shareContact: false }, buyer);
    expect(res.status).toBe(201);
    id = (await readJson<Contacted>(res)).data.conversationId!;
    expect(id).toBeGreaterThan(0);
    expect(await countOf('contacts')).toBe(contacts + 1);

    // SPEC §3: the contact still lands in the seller's inbox, without the details the buyer kept.
    const notice = await db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', seller.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ kind: 'contact', conversation_id: id, phone: null, email: null, message: contact.message });

    const mine = await readJson<ConversationList>(await call(buyer, ''));
    expect(mine.data).toEqual([
      expect.objectContaining({
        id,
        role: 'buyer',
        vehicleId: listing,
        unread: 0,
        otherName: 'Test Member',
        lastMessage: { body: contact.message, mine: true },
      }),
    ]);
    expect(mine.meta).toMatchObject({ total: 1, unread: 0 });
    const theirs = await readJson<ConversationList>(await call(seller, ''));
    expect(theirs.data[0]).toMatchObject({ id, role: 'seller', unread: 1, otherName: 'Jean Dupont', lastMessage: { mine: false } });
    expect(theirs.meta.unread).toBe(1);

    const seen = (await readJson<Data<Conversation>>(await call(seller, `/${id}`))).data;
    expect(seen).toMatchObject({ role: 'seller', other: { name: 'Jean Dupont', phone: null, email: null }, blocked: false, guest: false });
    expect(seen.messages).toEqual([expect.objectContaining({ mine: false, body: contact.message })]);
  });

  it('answers, tells the buyer in Messages and by mail, and reading clears the count', async () => {
    const res = await call(seller, `/${id}/messages`, { method: 'POST', json: { body: '  Yes, come on Saturday.  ' } });
    expect(res.status).toBe(201);
    expect((await readJson<Data<Conversation>>(res)).data.messages.at(-1)).toMatchObject({ mine: true, body: 'Yes, come on Saturday.' });

    const listed = await readJson<ConversationList>(await call(buyer, ''));
    expect(listed.meta.unread).toBe(1);
    // The answer is counted in Messages only, not a second time in the notifications inbox (issue 33).
    const inbox = await readJson<RouteJson<typeof notificationsRoute, 200>>(
      await t.request('/api/v1/notifications', { headers: buyer.headers }),
    );
    expect(inbox.data.filter((n) => n.kind === 'message' || n.kind === 'contact')).toEqual([]);
    expect(inbox.meta.unread).toBe(0);

    await runJob('send-notification-mail');
    const mail = outboxMails(t.database.dir, buyer.email).at(-1);
    expect(mail?.subject).toContain('Test Member wrote about');
    expect(mail?.text).toContain('Yes, come on Saturday.');
    expect(mail?.text).toMatch(new RegExp(`/messages/\\?c=${id}`));

    const read = await call(buyer, `/${id}/read`, { method: 'POST' });
    expect(read.status).toBe(200);
    expect((await readJson<Data<Conversation>>(read)).data.unread).toBe(0);
    expect((await readJson<ConversationList>(await call(buyer, ''))).meta.unread).toBe(0);
    // The inbox notification of that message is read with it.
    const after = await db()
      .selectFrom('notifications')
      .select('read_at')
      .where('user_id', '=', buyer.id)
      .where('conversation_id', '=', id)
      .execute();
    expect(after.every((n) => n.read_at !== null)).toBe(true);
  });

  it('mails an answer only while the member’s messages topic takes mail, and keeps it in Messages either way (issue 33)', async () => {
    const prefs = async (email: boolean) => {
      const { data } = await readJson<Data<Record<string, unknown>>>(
        await t.request(`/api/v1/user/${buyer.id}/notification-settings`, { headers: buyer.headers }),
      );
      const put = await t.request(`/api/v1/user/${buyer.id}/notification-settings`, {
        method: 'PUT',
        headers: buyer.headers,
        json: { ...data, topics: { ...(data.topics as object), message: { email } } },
      });
      expect(put.status).toBe(200);
    };
    const answer = async (body: string) => {
      expect((await call(seller, `/${id}/messages`, { method: 'POST', json: { body } })).status).toBe(201);
      await runJob('send-notification-mail');
      return outboxMails(t.database.dir, buyer.email).filter((m) => m.text?.includes(body)).length;
    };
    await prefs(false);
    expect(await answer('Not by mail, please.')).toBe(0);
    const seen = (await readJson<Data<Conversation>>(await call(buyer, `/${id}`))).data;
    expect(seen.messages.at(-1)).toMatchObject({ body: 'Not by mail, please.' });
    await prefs(true);
    expect(await answer('By mail again.')).toBe(1);
  });

  it('shows a party’s phone and email only once they share them', async () => {
    expect((await readJson<Data<Conversation>>(await call(buyer, `/${id}`))).data.other).toMatchObject({ phone: null, email: null });
    const shared = await call(seller, `/${id}/share`, { method: 'POST' });
    expect((await readJson<Data<Conversation>>(shared)).data.shared).toBe(true);
    expect((await readJson<Data<Conversation>>(await call(buyer, `/${id}`))).data.other).toEqual({
      name: 'Test Member',
      phone: '+33612345678',
      email: seller.email,
    });
  });

  it('continues the same conversation when the buyer writes again, and the plan does not count it twice', async () => {
    const [contacts, conversations] = [await countOf('contacts'), await countOf('conversations')];
    const res = await sendContact(listing, { ...contact, message: 'Also, is the price negotiable?' }, buyer);
    expect((await readJson<Contacted>(res)).data.conversationId).toBe(id);
    expect(await countOf('contacts')).toBe(contacts);
    expect(await countOf('conversations')).toBe(conversations);
    // They shared their details this time.
    expect((await readJson<Data<Conversation>>(await call(seller, `/${id}`))).data.other).toMatchObject({
      phone: contact.phone,
      email: contact.email,
    });
  });

  it('refuses everyone but the two parties, and an unknown conversation', async () => {
    const before = await countOf('messages');
    for (const [method, path] of [
      ['GET', `/${id}`],
      ['POST', `/${id}/messages`],
      ['POST', `/${id}/read`],
      ['POST', `/${id}/block`],
      ['DELETE', `/${id}/block`],
      ['POST', `/${id}/share`],
    ] as const) {
      const res = await call(stranger, path, { method, ...(method === 'POST' && path.endsWith('messages') && { json: { body: 'hi' } }) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await readJson<ApiError>(res)).code).toBe('CONVERSATION_FORBIDDEN');
    }
    expect((await readJson<ConversationList>(await call(stranger, ''))).data).toEqual([]);
    const missing = await call(buyer, '/999999');
    expect(missing.status).toBe(404);
    expect((await readJson<ApiError>(missing)).code).toBe('CONVERSATION_NOT_FOUND');
    expect((await call(buyer, '/abc')).status).toBe(422);
    expect((await t.request(`/api/v1/conversations/${id}`)).status).toBe(401);
    expect(await countOf('messages')).toBe(before);
  });

  it('refuses an empty or too long message with a localized error, and writes nothing', async () => {
    const before = await countOf('messages');
    const empty = await t.request(`/api/v1/conversations/${id}/messages`, {
      method: 'POST',
      json: { body: '   ' },
      headers: { ...buyer.headers, 'accept-language': 'fr-FR' },
    });
    expect(empty.status).toBe(422);
    const body = await readJson<ApiError>(empty);
    expect(body.details![0]!.path).toBe('body');
    expect(body.details![0]!.message).not.toBe('contact.messageRequired');
    expect((await call(buyer, `/${id}/messages`, { method: 'POST', json: { body: 'x'.repeat(2001) } })).status).toBe(422);
    expect((await call(buyer, `/${id}/messages`, { method: 'POST', json: { body: 'hi', extra: 1 } })).status).toBe(422);
    expect(await countOf('messages')).toBe(before);
  });

  it('once blocked, takes no more messages from either side, nor through the contact form', async () => {
    const blocked = await call(seller, `/${id}/block`, { method: 'POST' });
    expect((await readJson<Data<Conversation>>(blocked)).data).toMatchObject({ blocked: true, blockedBy: 'me' });
    expect((await readJson<Data<Conversation>>(await call(buyer, `/${id}`))).data.blockedBy).toBe('other');
    const before = await countOf('messages');
    const reply = await call(buyer, `/${id}/messages`, { method: 'POST', json: { body: 'Hello?' } });
    expect(reply.status).toBe(409);
    expect((await readJson<ApiError>(reply)).code).toBe('CONVERSATION_BLOCKED');
    expect((await sendContact(listing, contact, buyer)).status).toBe(409);
    // Only the side that blocked can take it back.
    expect((await call(buyer, `/${id}/block`, { method: 'DELETE' })).status).toBe(409);
    expect(await countOf('messages')).toBe(before);
    const unblocked = await call(seller, `/${id}/block`, { method: 'DELETE' });
    expect((await readJson<Data<Conversation>>(unblocked)).data.blocked).toBe(false);
    expect((await call(buyer, `/${id}/messages`, { method: 'POST', json: { body: 'Thanks!' } })).status).toBe(201);
  });

  it('is never asked for an email, even with details hidden: the answer comes in Messages', async () => {
    const mona = await t.member('mona');
    const { email: _, ...withoutEmail } = contact;
    const res = await sendContact(listing, { ...withoutEmail, shareContact: false }, mona);
    expect(res.status).toBe(201);
    const conversationId = (await readJson<Contacted>(res)).data.conversationId;
    expect(conversationId).toBeGreaterThan(0);
    const row = await db()
      .selectFrom('conversations')
      .select(['buyer_id', 'buyer_email', 'buyer_language'])
      .where('id', '=', conversationId!)
      .executeTakeFirstOrThrow();
    // A member's mails follow their account's language: nothing is kept from the page.
    expect(row).toEqual({ buyer_id: mona.id, buyer_email: null, buyer_language: null });
    expect((await readJson<ConversationList>(await call(mona, ''))).data.map((c) => c.id)).toEqual([conversationId]);
  });

  it('keeps the conversation when the listing is deleted', async () => {
    const other = (await readJson<Contacted>(await sendContact(second, contact, buyer))).data.conversationId;
    expect(other).not.toBe(id);
    expect((await t.request(`/api/v1/vehicles/${second}`, { method: 'DELETE', headers: seller.headers })).status).toBe(200);
    const seen = (await readJson<Data<Conversation>>(await call(buyer, `/${other}`))).data;
    expect(seen).toMatchObject({ vehicleId: null, title: expect.any(String) });
    expect(seen.title.length).toBeGreaterThan(0);
  });
});

describe('a guest writes to a seller', () => {
  const guest = { ...contact, email: 'guest.buyer@example.test', shareContact: false };
  let id: number;
  let token: string;

  it('needs an email to keep their details hidden, and then nothing is created', async () => {
    const before = await countOf('conversations');
    const { email: _, ...withoutEmail } = guest;
    const res = await sendContact(listing, withoutEmail);
    expect(res.status).toBe(422);
    expect((await readJson<ApiError>(res)).details).toEqual([{ path: 'email', message: expect.stringContaining('email') }]);
    expect(await countOf('conversations')).toBe(before);
    // In the page's language.
    const french = await sendContact(listing, withoutEmail, undefined, 'fr_FR');
    expect(french.status).toBe(422);
    expect((await readJson<ApiError>(french)).details).toEqual([
      { path: 'email', message: expect.stringContaining('indiquez une adresse e-mail') },
    ]);
    expect(await countOf('conversations')).toBe(before);
  });

  it('gets the seller’s answers by mail in the language of the page they wrote from', async () => {
    const french = { ...guest, email: 'invite.francais@example.test' };
    expect((await sendContact(listing, french, undefined, 'fr_FR')).status).toBe(201);
    const row = await db()
      .selectFrom('conversations')
      .select(['id', 'buyer_language'])
      .where('buyer_email', '=', french.email)
      .executeTakeFirstOrThrow();
    expect(row.buyer_language).toBe('fr_FR');
    // The seller answers from an English page: the guest's mail is French all the same.
    const answer = await t.request(`/api/v1/conversations/${row.id}/messages?lng=en_US`, {
      method: 'POST',
      json: { body: 'Yes, it is.' },
      headers: seller.headers,
    });
    expect(answer.status).toBe(201);
    const mail = outboxMails(t.database.dir, french.email).at(-1);
    expect(mail?.subject).toContain('vous a répondu');
    expect(mail?.text).toContain('Lire la conversation et répondre');
    expect(mail?.text).toContain('Yes, it is.');
  });

  it('gets the seller’s answer by mail with a link to read and answer without an account', async () => {
    expect((await readJson<Contacted>(await sendContact(listing, guest))).data.conversationId).toBeNull();
    const row = await db().selectFrom('conversations').select('id').where('buyer_email', '=', guest.email).executeTakeFirstOrThrow();
    id = row.id;
    expect((await readJson<Data<Conversation>>(await call(seller, `/${id}`))).data).toMatchObject({
      guest: true,
      other: { name: 'Jean Dupont', email: null },
    });

    expect((await call(seller, `/${id}/messages`, { method: 'POST', json: { body: 'It is, when can you come?' } })).status).toBe(201);
    const mail = outboxMails(t.database.dir, guest.email).at(-1);
    expect(mail?.text).toContain('It is, when can you come?');
    expect(mail?.text).toContain(`${GUEST_LINK_DAYS} days`);
    token = linkIn(mail?.text ?? '');

    const read = await t.request(`/api/v1/guest-conversations/${encodeURIComponent(token)}`);
    expect(read.status).toBe(200);
    const seen = (await readJson<Data<Conversation>>(read)).data;
    expect(seen).toMatchObject({ id, role: 'buyer', unread: 0, other: { name: 'Test Member', phone: null } });
    expect(seen.messages.map((m: { body: string; mine: boolean }) => [m.mine, m.body])).toEqual([
      [true, guest.message],
      [false, 'It is, when can you come?'],
    ]);

    const answer = await t.request(`/api/v1/guest-conversations/${encodeURIComponent(token)}/messages`, {
      method: 'POST',
      json: { body: 'Tomorrow at ten.' },
    });
    expect(answer.status).toBe(201);
    const theirs = await readJson<ConversationList>(await call(seller, ''));
    expect(theirs.data.find((c: { id: number }) => c.id === id)).toMatchObject({
      unread: 1,
      lastMessage: { body: 'Tomorrow at ten.', mine: false },
    });
  });

  it('refuses a tampered, foreign or expired link', async () => {
    const before = await countOf('messages');
    const [cid, expires, signature] = token.split('.') as [string, string, string];
    const key = (await db().selectFrom('conversations').select('guest_key').where('id', '=', id).executeTakeFirstOrThrow()).guest_key ?? '';
    const expired = await guestToken(t.deps.db, id, key, Date.now() - (GUEST_LINK_DAYS + 1) * 24 * 60 * 60 * 1000);
    for (const bad of [
      `${cid}.${expires}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${Number(cid) + 1}.${expires}.${signature}`,
      `${cid}.${Number(expires) + 1}.${signature}`,
      expired,
      'nonsense',
    ]) {
      const res = await t.request(`/api/v1/guest-conversations/${encodeURIComponent(bad)}/messages`, {
        method: 'POST',
        json: { body: 'x' },
      });
      expect(res.status, bad).toBe(403);
      expect((await readJson<ApiError>(res)).code).toBe('GUEST_LINK_INVALID');
    }
    expect(await countOf('messages')).toBe(before);
  });

  // Issue 31 item 3: an address typed in a form proves nothing; the guest's signed link does.
  it('keeps the conversation to its guest: a form with their address begins another, and their link still continues theirs', async () => {
    const messagesOf = (conversationId: number) =>
      db().selectFrom('messages').select(['sender', 'body']).where('conversation_id', '=', conversationId).orderBy('id').execute();
    const original = await db().selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const originalMessages = await messagesOf(id);
    const takeover = {
      ...guest,
      firstname: 'Mallory',
      lastname: 'Intruder',
      phone: '+33 6 11 22 33 44',
      shareContact: true,
      message: 'Please send me the address where I can see the car.',
    };
    const res = await sendContact(listing, takeover);
    expect(res.status).toBe(201);
    expect((await readJson<Contacted>(res)).data).toEqual({ sent: true, conversationId: null });
    // The guest's conversation is as it was: their name, hidden details, messages and link.
    expect(await db().selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(original);
    expect(await messagesOf(id)).toEqual(originalMessages);
    const other = await db()
      .selectFrom('conversations')
      .select(['id', 'buyer_name', 'buyer_shared'])
      .where('buyer_email', '=', guest.email)
      .where('id', '!=', id)
      .execute();
    expect(other).toEqual([{ id: expect.any(Number), buyer_name: 'Mallory Intruder', buyer_shared: 1 }]);
    expect(await messagesOf(other[0]!.id)).toEqual([{ sender: 'buyer', body: takeover.message }]);
    const seen = (await readJson<Data<Conversation>>(await call(seller, `/${id}`))).data;
    expect(seen.other).toMatchObject({ name: 'Jean Dupont', email: null, phone: null });

    const answer = await t.request(`/api/v1/guest-conversations/${encodeURIComponent(token)}/messages`, {
      method: 'POST',
      json: { body: 'Still me, the real Jean.' },
    });
    expect(answer.status).toBe(201);
    expect((await messagesOf(id)).at(-1)).toEqual({ sender: 'buyer', body: 'Still me, the real Jean.' });
    expect(await messagesOf(other[0]!.id)).toHaveLength(1);
  });

  it('still refuses a form from an address the seller blocked, and begins nothing', async () => {
    const pest = { ...contact, email: 'pest@example.test', shareContact: false };
    expect((await sendContact(listing, pest)).status).toBe(201);
    const row = await db()
      .selectFrom('conversations')
      .select('id')
      .where('buyer_email', '=', pest.email)
      .where('vehicle_id', '=', listing)
      .executeTakeFirstOrThrow();
    expect((await call(seller, `/${row.id}/block`, { method: 'POST' })).status).toBe(200);
    const before = await countOf('conversations');
    const again = await sendContact(listing, { ...pest, message: 'Answer me!' });
    expect(again.status).toBe(409);
    expect((await readJson<ApiError>(again)).code).toBe('CONVERSATION_BLOCKED');
    expect(await countOf('conversations')).toBe(before);
  });

  it('stops working once the guest stops the conversation', async () => {
    const stop = await t.request(`/api/v1/guest-conversations/${encodeURIComponent(token)}/block`, { method: 'POST' });
    expect(stop.status).toBe(200);
    expect((await readJson<Data<Conversation>>(stop)).data.blockedBy).toBe('me');
    expect((await t.request(`/api/v1/guest-conversations/${encodeURIComponent(token)}`)).status).toBe(403);
    expect((await readJson<Data<Conversation>>(await call(seller, `/${id}`))).data.blockedBy).toBe('other');
    expect((await call(seller, `/${id}/messages`, { method: 'POST', json: { body: 'Still there?' } })).status).toBe(409);
  });
});
