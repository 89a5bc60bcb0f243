import { LinkCodeSent as ContractLinkCodeSent } from '@autoroute/contract/auth';
import { isProfileUrl, PROFILE_URL } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import {
  NotificationSettings as ContractNotificationSettings,
  NotificationSettingsInput as ContractNotificationSettingsInput,
  User,
} from '@autoroute/contract/user';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';
import { Email, NewPassword, nameText, Phone, Username } from '../auth/auth.schemas.ts';
import { SIDEBAR_ITEMS } from './user.service.ts';

const bounded = (min: number, max: number, key: string) =>
  z
    .string({ error: msg('validation.required') })
    .trim()
    .min(min, { error: msg(key) })
    .max(max, { error: msg(key) });

/** Every field a settings tab can change (SPEC §3 Profile, Account, Appearance, Display; §5 rules). */
export const UserUpdate = named(
  z
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
      endOtherSessions: z.boolean().openapi({
        description: 'With a new email, also end the other sessions. A new password always ends them (this one stays)',
      }),
    })
    .partial()
    .strict(),
  'UserUpdate',
);

export const DeleteAccountBody = named(z.object({ password: z.string().max(128).optional() }), 'DeleteAccountBody');

export const ProviderBody = named(z.object({ providerId: z.number().int().min(1) }), 'ProviderBody');
export const LinkCodeBody = named(
  z.object({
    providerId: z.number().int().min(1),
    /** The phone number (SMS, WhatsApp: the profile's by default) or handle (the others) to link; email links the account's. */
    address: z.string().trim().max(100).optional(),
  }),
  'LinkCodeBody',
);
export const LinkCodeSent = named(ContractLinkCodeSent, 'LinkCodeSent');
export const NotifiableBody = named(z.object({ providerId: z.number().int().min(1), isNotifiable: z.boolean() }), 'NotifiableBody');

export const NotificationSettings = named(ContractNotificationSettings, 'NotificationSettings');
export const NotificationSettingsInput = named(ContractNotificationSettingsInput, 'NotificationSettingsInput');

/** The user (@autoroute/contract/user), as the storefront and back office read it. */
export const UserSchema = named(User, 'User');
