import { createRoute, z } from '@hono/zod-openapi';
import {
  block,
  getConversation,
  listMine,
  postMessage,
  readConversation,
  share,
  unblock,
} from '../../../domain/conversations/conversations.service.ts';
import { PageQuery } from '../../../domain/paging.ts';
import { viewerOf } from '../../../domain/vehicles/vehicles.write.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { requestInfo } from '../../request.ts';
import { createRouter } from '../../router.ts';
import { Conversation, ConversationList, GuestTokenParam, MessageBody } from './conversations.schemas.ts';

const tags = ['Conversations'];
const middleware = requireUser();
const forbidden = failure('CONVERSATION_FORBIDDEN: the caller is neither its buyer nor its seller');
const missing = failure('CONVERSATION_NOT_FOUND');
const one = (description: string) => ({ description, ...jsonContent(z.object({ data: Conversation })) });

const listConversationsRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  middleware,
  summary: 'My conversations as buyer and as seller, the latest message first, with unread counts',
  request: { query: PageQuery },
  responses: { 200: { description: 'The list', ...jsonContent(ConversationList) }, 422: failure('VALIDATION_FAILED') },
});

const getConversationRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  middleware,
  summary: 'A conversation and its messages',
  request: { params: IdParam },
  responses: { 200: one('The conversation'), 403: forbidden, 404: missing },
});

const postMessageRoute = createRoute({
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

const readConversationRoute = createRoute({
  method: 'post',
  path: '/{id}/read',
  tags,
  middleware,
  summary: 'Mark every message so far read (and the inbox notifications of them)',
  request: { params: IdParam },
  responses: { 200: one('Read'), 403: forbidden, 404: missing },
});

const blockConversationRoute = createRoute({
  method: 'post',
  path: '/{id}/block',
  tags,
  middleware,
  summary: 'Stop the conversation: nobody writes in it any more, and a guest’s links stop working',
  request: { params: IdParam },
  responses: { 200: one('Blocked'), 403: forbidden, 404: missing },
});

const unblockConversationRoute = createRoute({
  method: 'delete',
  path: '/{id}/block',
  tags,
  middleware,
  summary: 'Take back one’s own block (a guest’s revoked links stay revoked: the next reply mails a new one)',
  request: { params: IdParam },
  responses: { 200: one('Unblocked'), 403: forbidden, 404: missing, 409: failure('CONVERSATION_BLOCKED: the other side blocked it') },
});

const shareConversationRoute = createRoute({
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

const guestConversationRoute = createRoute({
  method: 'get',
  path: '/{token}',
  tags: guestTags,
  summary: 'A guest reads their conversation through the signed link they were mailed (and it is marked read)',
  request: { params: GuestTokenParam },
  responses: { 200: one('The conversation'), 403: invalidLink },
});

const guestMessageRoute = createRoute({
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

const guestBlockRoute = createRoute({
  method: 'post',
  path: '/{token}/block',
  tags: guestTags,
  summary: 'A guest stops the conversation: no more messages, and every link to it stops working',
  request: { params: GuestTokenParam },
  responses: { 200: one('Blocked'), 403: invalidLink },
});

const GUEST = { guest: true } as const;

/**
 * /guest-conversations (issue 17 item 6): a guest buyer reaches their one conversation through the
 * signed link they were mailed, with no account. A path of its own: `/conversations/{id}` takes ids.
 */
export function guestConversationsRoutes(deps: Deps) {
  return createRouter()
    .openapi(guestConversationRoute, async (c) => c.json({ data: await getConversation(deps.db, GUEST, c.req.valid('param').token) }, 200))
    .openapi(guestMessageRoute, async (c) => {
      const { token } = c.req.valid('param');
      const ip = requestInfo(c, deps.config.trustProxy).ip;
      return c.json({ data: await postMessage(deps, GUEST, token, c.req.valid('json').body, `guest:${ip}`) }, 201);
    })
    .openapi(guestBlockRoute, async (c) => c.json({ data: await block(deps.db, GUEST, c.req.valid('param').token) }, 200));
}

/** /conversations (issue 17 item 6): a buyer and a seller writing about a listing, members on both sides or a guest buyer. */
export function conversationsRoutes(deps: Deps) {
  return createRouter()
    .openapi(listConversationsRoute, async (c) => {
      const { page, perPage } = c.req.valid('query');
      return c.json(await listMine(deps.db, viewerOf(c.get('principal')).id, page, perPage), 200);
    })
    .openapi(getConversationRoute, async (c) =>
      c.json({ data: await getConversation(deps.db, { userId: viewerOf(c.get('principal')).id }, c.req.valid('param').id) }, 200),
    )
    .openapi(postMessageRoute, async (c) => {
      const userId = viewerOf(c.get('principal')).id;
      return c.json(
        { data: await postMessage(deps, { userId }, c.req.valid('param').id, c.req.valid('json').body, `user:${userId}`) },
        201,
      );
    })
    .openapi(readConversationRoute, async (c) =>
      c.json({ data: await readConversation(deps.db, viewerOf(c.get('principal')).id, c.req.valid('param').id) }, 200),
    )
    .openapi(blockConversationRoute, async (c) =>
      c.json({ data: await block(deps.db, { userId: viewerOf(c.get('principal')).id }, c.req.valid('param').id) }, 200),
    )
    .openapi(unblockConversationRoute, async (c) =>
      c.json({ data: await unblock(deps.db, viewerOf(c.get('principal')).id, c.req.valid('param').id) }, 200),
    )
    .openapi(shareConversationRoute, async (c) =>
      c.json({ data: await share(deps.db, viewerOf(c.get('principal')).id, c.req.valid('param').id) }, 200),
    );
}
