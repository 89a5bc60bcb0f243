import { CONTACT_MESSAGE } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { z } from '@hono/zod-openapi';

/** How many of a conversation's latest messages one read answers. */
export const MESSAGES_SHOWN = 200;

const Side = z.enum(['buyer', 'seller']).openapi('ConversationSide');

export const MessageBody = z
  .object({
    body: z
      .string({ error: msg('contact.messageRequired') })
      .trim()
      .min(1, { error: msg('contact.messageRequired') })
      .max(CONTACT_MESSAGE.max, { error: msg('contact.messageTooLong') }),
  })
  .strict()
  .openapi('MessageInput');
export type MessageBody = z.infer<typeof MessageBody>;

export const Message = z
  .object({
    id: z.number().int(),
    mine: z.boolean().openapi({ description: 'Written by the caller' }),
    body: z.string(),
    createdAt: z.string(),
  })
  .openapi('Message');

const Party = z
  .object({
    name: z.string(),
    phone: z.string().nullable().openapi({ description: 'Null until this party shares their contact details' }),
    email: z.string().nullable().openapi({ description: 'Null until this party shares their contact details' }),
  })
  .openapi('ConversationParty');

const Common = {
  id: z.number().int(),
  role: Side.openapi({ description: 'The caller’s side: the buyer who wrote first, or the listing’s seller' }),
  vehicleId: z.number().int().nullable().openapi({ description: 'Null once the listing is deleted' }),
  title: z.string().openapi({ description: 'The listing’s title when the conversation began' }),
  unread: z.number().int().openapi({ description: 'Messages from the other side the caller has not read' }),
  blocked: z.boolean(),
  lastMessageAt: z.string(),
};

export const ConversationSummary = z
  .object({
    ...Common,
    otherName: z.string(),
    lastMessage: z.object({ body: z.string(), mine: z.boolean() }).nullable(),
  })
  .openapi('ConversationSummary');

export const Conversation = z
  .object({
    ...Common,
    other: Party,
    shared: z.boolean().openapi({ description: 'Whether the caller shared their own phone and email' }),
    blockedBy: z.enum(['me', 'other']).nullable(),
    guest: z.boolean().openapi({ description: 'The buyer wrote as a guest, without an account' }),
    messages: z.array(Message).openapi({ description: `The latest ${MESSAGES_SHOWN}, oldest first` }),
  })
  .openapi('Conversation');

export const ConversationList = z
  .object({
    data: z.array(ConversationSummary),
    meta: z.object({
      total: z.number().int(),
      page: z.number().int(),
      perPage: z.number().int(),
      pages: z.number().int(),
      unread: z.number().int().openapi({ description: 'Unread messages over all the caller’s conversations' }),
    }),
  })
  .openapi('ConversationList');

export const GuestTokenParam = z.object({
  token: z
    .string()
    .max(200)
    .openapi({ param: { name: 'token', in: 'path' }, description: 'The signed link a guest was mailed', example: '12.1767225600.abc' }),
});
