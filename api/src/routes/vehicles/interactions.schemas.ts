import { CONTACT_MESSAGE, isPhone, PERSON_NAME, PHONE } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { Email } from '../auth/auth.schemas.ts';
import { ListMeta, Vehicle, VehicleSummary } from './vehicles.schemas.ts';

/**
 * `ids=1,2,3`: positive ids separated by commas. How many may be compared is a business rule
 * (SPEC §9: 3) checked by the service, so that going over it answers its own code, COMPARE_LIMIT.
 */
export const CompareQuery = z.object({
  ids: z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, { error: msg('validation.required') })
    .max(200)
    .regex(/^\d{1,10}(\s*,\s*\d{1,10})*$/, { error: msg('compare.idsFormat') })
    .transform((s) => [...new Set(s.split(',').map((id) => Number(id.trim())))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= 2147483647), { error: msg('compare.idsFormat') })
    .openapi({ param: { name: 'ids', in: 'query' }, example: '1,2,3', type: 'string' }),
});

const name = (key: string) =>
  z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, { error: msg('validation.required'), abort: true })
    .min(PERSON_NAME.min, { error: msg(key) })
    .max(PERSON_NAME.max, { error: msg(key) });

/** SPEC §3 Contact message and §5: first name, last name, phone and message required; email valid when given. */
export const ContactBody = z
  .object({
    firstname: name('auth.firstNameLength'),
    lastname: name('auth.lastNameLength'),
    phone: z
      .string({ error: msg('validation.required') })
      .trim()
      .min(1, { error: msg('validation.required'), abort: true })
      // The sign-up rule, reported once however many of its checks fail.
      .refine(isPhone, { error: msg(PHONE.message) }),
    email: z.preprocess((v) => (v === '' || v === null ? undefined : v), Email.optional()),
    message: z
      .string({ error: msg('contact.messageRequired') })
      .trim()
      .min(1, { error: msg('contact.messageRequired') })
      .max(CONTACT_MESSAGE.max, { error: msg('contact.messageTooLong') }),
    shareContact: z
      .boolean({ error: msg('validation.invalid') })
      .default(true)
      .openapi({
        description:
          'Show the phone and email given here to the seller (SPEC §3). Off, they stay hidden and the seller answers in the conversation; an email is then needed for the answer to reach the sender',
      }),
  })
  // Details kept hidden: the seller's answer still needs an address to reach the sender.
  .refine((b) => b.shareContact || b.email !== undefined, { path: ['email'], error: msg('contact.emailForReplies') })
  .openapi('ContactMessage');
export type ContactBody = z.infer<typeof ContactBody>;

export const LikeState = z.object({ liked: z.boolean(), likes: z.number() }).openapi('LikeState');
export const FavoriteState = z.object({ favorite: z.boolean() }).openapi('FavoriteState');

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1).openapi({ example: 1 }),
  perPage: z.coerce.number().int().min(1).max(100).default(24).openapi({ example: 24 }),
});
export type PageQuery = z.infer<typeof PageQuery>;

const tags = ['Vehicles'];
const unknownVehicle = failure('VEHICLE_NOT_FOUND');
const signedOut = failure('Not signed in');

export const compareRoute = createRoute({
  method: 'get',
  path: '/compare',
  tags,
  summary: 'Up to 3 vehicles side by side, each as GET /vehicles/{id} answers it, in the order asked',
  request: { query: CompareQuery },
  responses: {
    200: { description: 'The vehicles', ...jsonContent(z.object({ data: z.array(Vehicle) })) },
    404: failure('VEHICLE_NOT_FOUND: details name each unknown id'),
    422: failure('COMPARE_LIMIT (more than 3 ids) or VALIDATION_FAILED (missing or malformed ids)'),
  },
});

const markRoute = (method: 'post' | 'delete', path: '/{id}/like' | '/{id}/favorite', summary: string, schema: z.ZodType) =>
  createRoute({
    method,
    path,
    tags,
    summary,
    middleware: requireUser(),
    request: { params: IdParam },
    responses: {
      ...(method === 'post' ? { 201: { description: 'Newly marked', ...jsonContent(z.object({ data: schema })) } } : {}),
      200: {
        description: method === 'post' ? 'Already marked: nothing changed' : 'Unmarked (or was not marked)',
        ...jsonContent(z.object({ data: schema })),
      },
      401: signedOut,
      404: unknownVehicle,
    },
  });

export const likeRoute = markRoute('post', '/{id}/like', 'Like a vehicle (idempotent)', LikeState);
export const unlikeRoute = markRoute('delete', '/{id}/like', 'Take a like back (idempotent)', LikeState);
export const favoriteRoute = markRoute('post', '/{id}/favorite', 'Save a vehicle as a favorite (idempotent)', FavoriteState);
export const unfavoriteRoute = markRoute('delete', '/{id}/favorite', 'Remove a vehicle from the favorites (idempotent)', FavoriteState);

export const contactRoute = createRoute({
  method: 'post',
  path: '/{id}/contact',
  tags,
  summary: 'Send a message to the seller (visitors and members): it lands in their inbox, and by mail if they want it',
  request: { params: IdParam, ...jsonBody(ContactBody) },
  responses: {
    201: {
      description: 'Sent: it opened a conversation with the seller, or continued the sender’s own about this listing',
      ...jsonContent(
        z.object({
          data: z.object({
            sent: z.literal(true),
            conversationId: z
              .number()
              .int()
              .nullable()
              .openapi({ description: 'For a member: where to follow it (a guest is mailed a link with the answer)' }),
          }),
        }),
      ),
    },
    403: failure('CONTACT_OWN_VEHICLE: this is your own listing'),
    404: unknownVehicle,
    409: failure(
      'VEHICLE_SOLD: a sold vehicle takes no more messages; CONVERSATION_BLOCKED: the seller stopped this sender’s conversation',
    ),
    422: failure('VALIDATION_FAILED: details name each field'),
    429: failure('TOO_MANY_REQUESTS, with Retry-After'),
  },
});

export const viewRoute = createRoute({
  method: 'post',
  path: '/{id}/view',
  tags,
  summary: 'Count a view of the vehicle page: once per visitor per day; the owner is not counted',
  request: { params: IdParam },
  responses: {
    200: { description: 'Whether this view was counted', ...jsonContent(z.object({ data: z.object({ counted: z.boolean() }) })) },
    404: unknownVehicle,
    429: failure('TOO_MANY_REQUESTS, with Retry-After'),
  },
});

const MarkedList = jsonContent(z.object({ data: z.array(VehicleSummary), meta: ListMeta }));

const markedListRoute = (path: '/favorites' | '/likes', summary: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Me'],
    summary,
    middleware: requireUser(),
    request: { query: PageQuery },
    responses: { 200: { description: 'A page of vehicles', ...MarkedList }, 401: signedOut, 422: failure('Invalid query') },
  });

export const myFavoritesRoute = markedListRoute('/favorites', 'The vehicles I saved, most recently saved first (sold ones included)');
export const myLikesRoute = markedListRoute('/likes', 'The vehicles I liked, most recently liked first (sold ones included)');
