import { z } from 'zod';
import { CONTACT_MESSAGE, hasVisibleText } from './fields.ts';
import { msg } from './messages.ts';

/*
 * Conversations between a buyer and a seller (issue 17, decision 033): what a member writes and
 * reads, declared once for the API, which names them in its document, and the Messages screens.
 */

/** How many of a conversation's latest messages one read answers. */
export const MESSAGES_SHOWN = 200;

export const ConversationSide = z
  .enum(['buyer', 'seller'])
  .meta({ description: 'The caller’s side: the buyer who wrote first, or the listing’s seller' });

/** A message written in a conversation. */
export const MessageInput = z
  .object({
    body: z
      .string({ error: msg('contact.messageRequired') })
      .trim()
      .min(1, { error: msg('contact.messageRequired'), abort: true })
      .max(CONTACT_MESSAGE.max, { error: msg('contact.messageTooLong') })
      // Zero-width characters are not trimmed: a message of only those is empty all the same.
      .refine(hasVisibleText, { error: msg('contact.messageRequired') }),
  })
  .strict();
export type MessageInput = z.infer<typeof MessageInput>;

/**
 * What a message's text asks for that the platform cannot protect (docs/decisions/052): a payment
 * or an advance outside it (a money transfer, a gift card, a deposit before viewing), or a way to
 * talk elsewhere (an address, a phone number, a link). Its reader is shown a warning.
 */
export const MESSAGE_WARNINGS = ['off_platform_payment', 'off_platform_contact'] as const;
export type MessageWarning = (typeof MESSAGE_WARNINGS)[number];

export const Message = z.object({
  id: z.number().int(),
  mine: z.boolean().meta({ description: 'Written by the caller' }),
  body: z.string(),
  createdAt: z.string(),
  warning: z.enum(MESSAGE_WARNINGS).nullable().meta({
    description:
      'off_platform_payment: the text asks for a payment or an advance outside the platform; off_platform_contact: it gives an address, a phone number or a link; null: neither. A client warns the reader.',
  }),
});
export type Message = z.infer<typeof Message>;

export const ConversationParty = z.object({
  name: z.string(),
  phone: z.string().nullable().meta({ description: 'Null until this party shares their contact details' }),
  email: z.string().nullable().meta({ description: 'Null until this party shares their contact details' }),
});

const Common = {
  id: z.number().int(),
  role: ConversationSide,
  vehicleId: z.number().int().nullable().meta({ description: 'Null once the listing is deleted' }),
  title: z.string().meta({ description: 'The listing’s title when the conversation began' }),
  unread: z.number().int().meta({ description: 'Messages from the other side the caller has not read' }),
  blocked: z.boolean(),
  lastMessageAt: z.string(),
};

export const ConversationSummary = z.object({
  ...Common,
  otherName: z.string(),
  lastMessage: z.object({ body: z.string(), mine: z.boolean() }).nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const Conversation = z.object({
  ...Common,
  other: ConversationParty,
  shared: z.boolean().meta({ description: 'Whether the caller shared their own phone and email' }),
  blockedBy: z.enum(['me', 'other']).nullable(),
  guest: z.boolean().meta({ description: 'The buyer wrote as a guest, without an account' }),
  messages: z.array(Message).meta({ description: `The latest ${MESSAGES_SHOWN}, oldest first` }),
});
export type Conversation = z.infer<typeof Conversation>;

export const ConversationList = z.object({
  data: z.array(ConversationSummary),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
    pages: z.number().int(),
    unread: z.number().int().meta({ description: 'Unread messages over all the caller’s conversations' }),
  }),
});
export type ConversationList = z.infer<typeof ConversationList>;
