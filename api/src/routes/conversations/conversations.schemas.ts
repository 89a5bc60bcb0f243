import { CONTACT_MESSAGE } from '@autoroute/contract/fields';
import { msg } from '@autoroute/contract/messages';
import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { PageQuery } from '../vehicles/interactions.schemas.ts';

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

const tags = ['Conversations'];
const middleware = requireUser();
const forbidden = failure('CONVERSATION_FORBIDDEN: the caller is neither its buyer nor its seller');
const missing = failure('CONVERSATION_NOT_FOUND');
const one = (description: string) => ({ description, ...jsonContent(z.object({ data: Conversation })) });

export const listConversationsRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  middleware,
  summary: 'My conversations as buyer and as seller, the latest message first, with unread counts',
  request: { query: PageQuery },
  responses: { 200: { description: 'The list', ...jsonContent(ConversationList) }, 422: failure('VALIDATION_FAILED') },
});

export const getConversationRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  middleware,
  summary: 'A conversation and its messages',
  request: { params: IdParam },
  responses: { 200: one('The conversation'), 403: forbidden, 404: missing },
});

export const postMessageRoute = createRoute({
  method: 'post',
  path: '/{id}/messages',
  tags,
  middleware,
  summary: 'Write in a conversation: the other side is told (inbox, and mail per their preferences)',
  request: { params: IdParam, ...jsonBody(MessageBody) },
  responses: {
    201: one('Sent: the conversation with the new message'),
    403: forbidden,
    404: missing,
    409: failure('CONVERSATION_BLOCKED: one side stopped this conversation'),
    422: failure('VALIDATION_FAILED'),
    429: failure('TOO_MANY_REQUESTS, with Retry-After'),
  },
});

export const readConversationRoute = createRoute({
  method: 'post',
  path: '/{id}/read',
  tags,
  middleware,
  summary: 'Mark every message so far read (and the inbox notifications of them)',
  request: { params: IdParam },
  responses: { 200: one('Read'), 403: forbidden, 404: missing },
});

export const blockConversationRoute = createRoute({
  method: 'post',
  path: '/{id}/block',
  tags,
  middleware,
  summary: 'Stop the conversation: nobody writes in it any more, and a guest’s links stop working',
  request: { params: IdParam },
  responses: { 200: one('Blocked'), 403: forbidden, 404: missing },
});

export const unblockConversationRoute = createRoute({
  method: 'delete',
  path: '/{id}/block',
  tags,
  middleware,
  summary: 'Take back one’s own block (a guest’s revoked links stay revoked: the next reply mails a new one)',
  request: { params: IdParam },
  responses: { 200: one('Unblocked'), 403: forbidden, 404: missing, 409: failure('CONVERSATION_BLOCKED: the other side blocked it') },
});

export const shareConversationRoute = createRoute({
  method: 'post',
  path: '/{id}/share',
  tags,
  middleware,
  summary: 'Show my phone and email to the other side of this conversation',
  request: { params: IdParam },
  responses: { 200: one('Shared'), 403: forbidden, 404: missing },
});

const guestTags = ['Conversations'];
const invalidLink = failure('GUEST_LINK_INVALID: the link is malformed, expired or revoked');

export const guestConversationRoute = createRoute({
  method: 'get',
  path: '/{token}',
  tags: guestTags,
  summary: 'A guest reads their conversation through the signed link they were mailed (and it is marked read)',
  request: { params: GuestTokenParam },
  responses: { 200: one('The conversation'), 403: invalidLink },
});

export const guestMessageRoute = createRoute({
  method: 'post',
  path: '/{token}/messages',
  tags: guestTags,
  summary: 'A guest answers through their signed link',
  request: { params: GuestTokenParam, ...jsonBody(MessageBody) },
  responses: {
    201: one('Sent'),
    403: invalidLink,
    409: failure('CONVERSATION_BLOCKED'),
    422: failure('VALIDATION_FAILED'),
    429: failure('TOO_MANY_REQUESTS, with Retry-After'),
  },
});

export const guestBlockRoute = createRoute({
  method: 'post',
  path: '/{token}/block',
  tags: guestTags,
  summary: 'A guest stops the conversation: no more messages, and every link to it stops working',
  request: { params: GuestTokenParam },
  responses: { 200: one('Blocked'), 403: invalidLink },
});
