import { hasVisibleText, isSafeName, NAME_TEXT } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { z } from 'zod';
import { LIMITS } from '../../core/limits.ts';
import { Email } from '../auth/auth.inputs.ts';

const [nameMin, nameMax] = LIMITS.text.name;

/**
 * Trimmed text between `min` and `max` characters; empty (or only zero-width characters, which
 * trimming leaves) is "required", anything else out of bounds is `key`.
 */
const text = (min: number, max: number, key: string) =>
  z
    .string({ error: msg('validation.required') })
    .trim()
    .min(1, { error: msg('validation.required'), abort: true })
    .refine(hasVisibleText, { error: msg('validation.required'), abort: true })
    .min(min, { error: msg(key) })
    .max(max, { error: msg(key) });

/** An optional field: an empty string is the same as leaving it out. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * A request to our support team. A member's name and email come from their account (any given are
 * ignored); a guest must give both, which the route checks since only it knows who is asking.
 */
export const SupportBody = z.object({
  name: optional(text(nameMin, nameMax, 'support.nameLength').refine(isSafeName, { error: msg(NAME_TEXT.message) })).meta({
    description: 'Required for guests; ignored for members',
  }),
  email: optional(Email).meta({ description: 'Required for guests; ignored for members' }),
  subject: text(3, 120, 'support.subjectLength'),
  message: text(10, 5000, 'support.messageLength'),
});
export type SupportBody = z.infer<typeof SupportBody>;
