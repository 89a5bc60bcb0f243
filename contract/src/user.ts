import { z } from 'zod';

/**
 * The user as every client sees it (SPEC §3 User): GET /api/v1/user/me, GET /api/v1/user/{id}, and
 * the answer of a sign-in. Declared once for the API, which documents and answers it, and for the
 * storefront and back office, which read it and keep part of it (secure-storage.ts).
 */
/** GET /auth/external: an identity provider a visitor may sign in with (SPEC §4). */
export const ExternalProvider = z.object({ code: z.string(), name: z.string() });
export type ExternalProvider = z.infer<typeof ExternalProvider>;

/** What a member is told of, and how (GET and PUT /user/notifications). */
export const NotificationSettings = z.object({
  type: z.enum(['all', 'mentions', 'none']),
  email: z.boolean(),
  mobile: z.boolean(),
  communication: z.boolean(),
  marketing: z.boolean(),
  social: z.boolean(),
  security: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** Who sells (SPEC §3 user): a private person or a dealer. */
export const SELLER_TYPES = ['individual', 'professional'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

const Named = z.object({ code: z.string(), name: z.string().nullable() });

export const NotificationProvider = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  linked: z.boolean(),
  notifiable: z.boolean(),
  /** Where the notices go: the account's email, the phone number or the handle proved with the code; null until linked. */
  address: z.string().nullable(),
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
