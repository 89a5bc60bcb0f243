import { LinkCodeSent as ContractLinkCodeSent } from '@autoroute/contract/auth';
import {
  NotificationSettings as ContractNotificationSettings,
  NotificationSettingsInput as ContractNotificationSettingsInput,
  User,
} from '@autoroute/contract/user';
import { z } from '@hono/zod-openapi';
import { UserUpdate as DomainUserUpdate } from '../../../domain/user/user.inputs.ts';
import { named } from '../../openapi.ts';

export const UserUpdate = named(DomainUserUpdate, 'UserUpdate');

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
