import { CONTACT_MESSAGE, hasVisibleText, isPhone, isSafeName, NAME_TEXT, PERSON_NAME, PHONE } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';
import { Email } from '../auth/auth.schemas.ts';

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
    .max(PERSON_NAME.max, { error: msg(key) })
    .refine(isSafeName, { error: msg(NAME_TEXT.message) });

/** SPEC §3 Contact message and §5: first name, last name, phone and message required; email valid when given. */
export const ContactBody = named(
  z.object({
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
      .min(1, { error: msg('contact.messageRequired'), abort: true })
      .max(CONTACT_MESSAGE.max, { error: msg('contact.messageTooLong') })
      // Zero-width characters are not trimmed: a message of only those is empty all the same.
      .refine(hasVisibleText, { error: msg('contact.messageRequired') }),
    shareContact: z
      .boolean({ error: msg('validation.invalid') })
      .default(true)
      .openapi({
        description:
          'Show the phone and email given here to the seller (SPEC §3). Off, they stay hidden and the seller answers in the conversation: a member reads it in Messages, a guest needs an email for the answer to reach them',
      }),
  }),
  'ContactMessage',
);
export type ContactBody = z.infer<typeof ContactBody>;

export const LikeState = named(z.object({ liked: z.boolean(), likes: z.number() }), 'LikeState');
export const FavoriteState = named(z.object({ favorite: z.boolean() }), 'FavoriteState');

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10000).default(1).openapi({ example: 1 }),
  perPage: z.coerce.number().int().min(1).max(100).default(24).openapi({ example: 24 }),
});
export type PageQuery = z.infer<typeof PageQuery>;
