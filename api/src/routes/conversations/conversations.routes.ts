import { createRouter, type Deps } from '../../context.ts';
import { requestInfo } from '../../lib/request.ts';
import { viewerOf } from '../vehicles/vehicles.write.service.ts';
import {
  blockConversationRoute,
  getConversationRoute,
  guestBlockRoute,
  guestConversationRoute,
  guestMessageRoute,
  listConversationsRoute,
  postMessageRoute,
  readConversationRoute,
  shareConversationRoute,
  unblockConversationRoute,
} from './conversations.schemas.ts';
import { block, getConversation, listMine, postMessage, readConversation, share, unblock } from './conversations.service.ts';

const GUEST = { guest: true } as const;

/**
 * /guest-conversations (issue 17 item 6): a guest buyer reaches their one conversation through the
 * signed link they were mailed, with no account. A path of its own: `/conversations/{id}` takes ids.
 */
export function guestConversationsRoutes(deps: Deps) {
  return createRouter()
    .openapi(guestConversationRoute, async (c) => c.json({ data: await getConversation(deps, GUEST, c.req.valid('param').token) }, 200))
    .openapi(guestMessageRoute, async (c) => {
      const { token } = c.req.valid('param');
      const ip = requestInfo(c, deps.config.trustProxy).ip;
      return c.json({ data: await postMessage(deps, GUEST, token, c.req.valid('json').body, `guest:${ip}`) }, 201);
    })
    .openapi(guestBlockRoute, async (c) => c.json({ data: await block(deps, GUEST, c.req.valid('param').token) }, 200));
}

/** /conversations (issue 17 item 6): a buyer and a seller writing about a listing, members on both sides or a guest buyer. */
export function conversationsRoutes(deps: Deps) {
  return createRouter()
    .openapi(listConversationsRoute, async (c) => {
      const { page, perPage } = c.req.valid('query');
      return c.json(await listMine(deps, viewerOf(c.get('principal')).id, page, perPage), 200);
    })
    .openapi(getConversationRoute, async (c) =>
      c.json({ data: await getConversation(deps, { userId: viewerOf(c.get('principal')).id }, c.req.valid('param').id) }, 200),
    )
    .openapi(postMessageRoute, async (c) => {
      const userId = viewerOf(c.get('principal')).id;
      return c.json(
        { data: await postMessage(deps, { userId }, c.req.valid('param').id, c.req.valid('json').body, `user:${userId}`) },
        201,
      );
    })
    .openapi(readConversationRoute, async (c) =>
      c.json({ data: await readConversation(deps, viewerOf(c.get('principal')).id, c.req.valid('param').id) }, 200),
    )
    .openapi(blockConversationRoute, async (c) =>
      c.json({ data: await block(deps, { userId: viewerOf(c.get('principal')).id }, c.req.valid('param').id) }, 200),
    )
    .openapi(unblockConversationRoute, async (c) =>
      c.json({ data: await unblock(deps, viewerOf(c.get('principal')).id, c.req.valid('param').id) }, 200),
    )
    .openapi(shareConversationRoute, async (c) =>
      c.json({ data: await share(deps, viewerOf(c.get('principal')).id, c.req.valid('param').id) }, 200),
    );
}
