import { isProfileUrl, PROFILE_URL } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { SIDEBAR_ITEMS } from '@autoroute/contract/user';
import { z } from 'zod';
import { Email, NewPassword, nameText, Phone, Username } from '../auth/auth.inputs.ts';

const bounded = (min: number, max: number, key: string) =>
  z
    .string({ error: msg('validation.required') })
    .trim()
    .min(min, { error: msg(key) })
    .max(max, { error: msg(key) });

/** Every field a settings tab can change (SPEC §3 Profile, Account, Appearance, Display; §5 rules). */
export const UserUpdate = z
  .object({
    firstName: nameText('auth.firstNameLength'),
    lastName: nameText('auth.lastNameLength'),
    username: Username,
    email: Email,
    phone: Phone,
    bio: bounded(4, 160, 'user.bioLength').nullable(),
    urls: z
      .array(
        z
          .string({ error: msg(PROFILE_URL.message) })
          .trim()
          .refine(isProfileUrl, { error: msg(PROFILE_URL.message) }),
      )
      .max(PROFILE_URL.count),
    name: nameText('user.nameLength', { min: 2, max: 30 }),
    dateOfBirth: z.iso
      .date({ error: msg('validation.invalidDate') })
      .refine((d) => d < new Date().toISOString().slice(0, 10), { error: msg('user.birthInPast') }),
    language: z.enum(['en_US', 'fr_FR', 'zh_CN', 'es_ES', 'pt_BR', 'de_DE', 'ar_SA', 'ru_RU']),
    theme: z.enum(['light', 'dark', 'system']),
    font: z.enum(['inter', 'manrope', 'system']),
    sidebarItems: z.array(z.enum(SIDEBAR_ITEMS)).min(1, { error: msg('user.sidebarOne') }),
    currentPassword: z.string().max(128),
    newPassword: NewPassword,
    endOtherSessions: z.boolean().meta({
      description: 'With a new email, also end the other sessions. A new password always ends them (this one stays)',
    }),
  })
  .partial()
  .strict();
export type UserUpdate = z.infer<typeof UserUpdate>;
