import type { Conversation } from '@autoroute/contract/conversations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageWarning } from '../../../domain/trust/off-platform.ts';
import { createTestApp, type Data, type RouteJson, readJson, type TestApp, type TestMember } from '../../../testing.ts';
import type { contactRoute } from '../vehicles/interactions.routes.ts';

// Trust & safety (docs/decisions/052): a message asking to pay or talk outside the platform carries a warning for its reader.
let t: TestApp;
let buyer: TestMember;
let seller: TestMember;
let conversation: number;
const db = () => t.database.db;

/** The seller writes `body`; answers the message as the buyer reads it. */
async function sellerWrites(body: string) {
  const sent = await t.request(`/api/v1/conversations/${conversation}/messages`, {
    method: 'POST',
    json: { body },
    headers: seller.headers,
  });
  expect(sent.status).toBe(201);
  const read = await t.request(`/api/v1/conversations/${conversation}`, { headers: buyer.headers });
  return (await readJson<Data<Conversation>>(read)).data.messages.at(-1);
}

beforeAll(async () => {
  t = await createTestApp({ vehicles: 2 });
  buyer = await t.member('bianca');
  seller = await t.member('silvio');
  const listing = (await db().selectFrom('vehicles').select('id').where('sold', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
  // A fixture: the seeded listing becomes the seller's.
  await db().updateTable('vehicles').set({ owner_id: seller.id }).where('id', '=', listing).execute();
  const res = await t.request(`/api/v1/vehicles/${listing}/contact`, {
    method: 'POST',
    json: {
      firstname: 'Bianca',
      lastname: 'Rossi',
      phone: '+39 333 123 4567',
      email: 'bianca@example.test',
      message: 'Is it still for sale?',
    },
    headers: buyer.headers,
  });
  expect(res.status).toBe(201);
  conversation = (await readJson<RouteJson<typeof contactRoute, 201>>(res)).data.conversationId!;
});
afterAll(() => t.destroy());

describe('a message asking to pay or talk outside the platform', () => {
  it('warns the buyer of a payment by Western Union before viewing', async () => {
    expect(await sellerWrites('Please pay by Western Union before viewing, I am abroad.')).toMatchObject({
      mine: false,
      warning: 'off_platform_payment',
    });
  });

  it('warns of an address pasted in the text', async () => {
    expect(await sellerWrites('Write to me directly: silvio.cars@mail.example')).toMatchObject({ warning: 'off_platform_contact' });
  });

  it('warns of nothing in an ordinary message, nor in the first one of the conversation', async () => {
    expect(await sellerWrites('Yes, come and see it on Saturday at 10, it has 42 000 km.')).toMatchObject({ warning: null });
    const read = await t.request(`/api/v1/conversations/${conversation}`, { headers: seller.headers });
    expect((await readJson<Data<Conversation>>(read)).data.messages[0]).toMatchObject({ body: 'Is it still for sale?', warning: null });
  });

  it.each([
    ['en', 'I need an advance payment by gift card', 'off_platform_payment'],
    ['fr', 'Paiement par mandat cash avant la visite', 'off_platform_payment'],
    ['de', 'Nur gegen Vorkasse per Überweisung', 'off_platform_payment'],
    ['es', 'Necesito un pago por adelantado', 'off_platform_payment'],
    ['pt', 'Aceito cartão presente como pagamento antecipado', 'off_platform_payment'],
    ['ru', 'Нужна предоплата на карту', 'off_platform_payment'],
    ['ar', 'أرجو الدفع مقدما عبر ويسترن يونيون', 'off_platform_payment'],
    ['zh', '请先付定金再看车', 'off_platform_payment'],
    ['en', 'PayPal friends and family only', 'off_platform_payment'],
    ['a phone number', 'Call me on +33 6 12 34 56 78', 'off_platform_contact'],
    ['a link', 'More photos at https://photos.example/clio', 'off_platform_contact'],
    ['a messenger', 'Text me on WhatsApp', 'off_platform_contact'],
    ['a VIN and a price', 'VIN VF1RJA00567123456, 12 500 € for 2019-2020 prices', null],
    ['a mileage and a time', 'It has 98000 km, come at 17:30 on 12/06', null],
  ])('reads %s: "%s"', (_language, body, warning) => {
    expect(messageWarning(body)).toBe(warning);
  });
});
