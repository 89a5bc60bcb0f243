import { z } from 'zod';

/**
 * The user as every client sees it (SPEC §3 User): GET /api/v1/user/me, GET /api/v1/user/{id}, and
 * the answer of a sign-in. Declared once for the API, which documents and answers it, and for the
 * storefront and back office, which read it and keep part of it (secure-storage.ts).
 */
/** GET /auth/external: an identity provider a visitor may sign in with (SPEC §4). */
export const ExternalProvider = z.object({ code: z.string(), name: z.string() });
export type ExternalProvider = z.infer<typeof ExternalProvider>;

/** The topics of ours a member turns on or off, each per channel (issue 33): price drops on listings they liked or saved, saved-search alerts, messages. */
export const NOTIFICATION_TOPICS = ['priceDrop', 'savedSearch', 'message'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];
/**
 * The channels each topic reaches where the product has them: the inbox (the notifications list)
 * and mail, a copy of the inbox notice; a message is always in Messages, so only its mail is a choice.
 */
export const TOPIC_CHANNELS = { priceDrop: ['inbox', 'email'], savedSearch: ['inbox', 'email'], message: ['email'] } as const;
const TopicChannels = z.object({ inbox: z.boolean(), email: z.boolean() });
export const NotificationTopics = z.object({
  priceDrop: TopicChannels,
  savedSearch: TopicChannels,
  message: z.object({ email: z.boolean() }),
});
export type NotificationTopics = z.infer<typeof NotificationTopics>;

/** What a member is told of, and how (GET and PUT /user/{id}/notification-settings): SPEC §3's switches, and our topics. */
export const NotificationSettings = z.object({
  type: z.enum(['all', 'mentions', 'none']),
  email: z.boolean(),
  mobile: z.boolean(),
  communication: z.boolean(),
  marketing: z.boolean(),
  social: z.boolean(),
  security: z.boolean(),
  topics: NotificationTopics,
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
/** A save: the topics may be left out (a client that does not know them keeps them as they are). */
export const NotificationSettingsInput = NotificationSettings.extend({ topics: NotificationTopics.optional() });
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInput>;

/**
 * SPEC §9's six sidebar items, stored by these ids; each leads to a page of ours in the member menu
 * (storefront/src/lib/member-menu.ts, docs/decisions/047-settings-that-act.md).
 */
export const SIDEBAR_ITEMS = ['recents', 'home', 'applications', 'desktop', 'downloads', 'documents'] as const;
export type SidebarItem = (typeof SIDEBAR_ITEMS)[number];

/** Who sells (SPEC §3 user): a private person or a dealer. */
export const SELLER_TYPES = ['individual', 'professional'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

/** A trader's identity (DSA art. 30-31), as shown to buyers once an administrator checked it (contract/src/sellers.ts). */
export const TraderIdentity = z.object({
  legalName: z.string().meta({ description: 'The registered legal name of the business' }),
  address: z.string().meta({ description: 'The registered address' }),
  registrationNumber: z.string().meta({ description: 'The trade or company register number' }),
  email: z.string(),
  phone: z.string(),
});
export type TraderIdentity = z.infer<typeof TraderIdentity>;

const Named = z.object({ code: z.string(), name: z.string().nullable() });

export const NotificationProvider = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  linked: z.boolean(),
  notifiable: z.boolean(),
  /** Where the notices go: the account's email, the phone number or the handle proved with the code; null until linked. */
  address: z.string().nullable(),
  /** Whether this installation can deliver over it (Telegram has no live integration yet): an unavailable one cannot be linked. */
  available: z.boolean(),
});

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  roles: z.array(z.string()),
  permissions: z.array(z.string()).describe('Every permission of every role the user holds (SPEC §6)'),
  /** SPEC §3 names this field so; a subscription in force. */
  is_premium: z.boolean(),
  sellerType: z.enum(SELLER_TYPES),
  emailVerified: z.boolean(),
  theme: Named.nullable(),
  language: Named.nullable(),
  font: z.string(),
  bio: z.string().nullable(),
  urls: z.array(z.string()),
  dateOfBirth: z.string().nullable(),
  sidebarItems: z.array(z.string()),
  providers: z.array(NotificationProvider),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;
