import { CONTACT_MESSAGE, hasVisibleText, isPhone, isSafeName, NAME_TEXT, PERSON_NAME, PHONE } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { z } from 'zod';
import { Email } from '../auth/auth.inputs.ts';

const name = (key: string) =>
  z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, { error: msg('validation.required'), abort: true })
    .min(PERSON_NAME.min, { error: msg(key) })
    .max(PERSON_NAME.max, { error: msg(key) })
    .refine(isSafeName, { error: msg(NAME_TEXT.message) });

/** SPEC §3 Contact message and §5: first name, last name, phone and message required; email valid when given. */
export const ContactBody = z.object({
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
    .meta({
      description:
        'Show the phone and email given here to the seller (SPEC §3). Off, they stay hidden and the seller answers in the conversation: a member reads it in Messages, a guest needs an email for the answer to reach them',
    }),
});
export type ContactBody = z.infer<typeof ContactBody>;
