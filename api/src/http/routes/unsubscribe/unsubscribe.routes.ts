import type { Locale } from '@autoroute/locales';
import { createRoute, z } from '@hono/zod-openapi';
import { unsubscribe } from '../../../domain/unsubscribe/unsubscribe.service.ts';
import type { Deps } from '../../context.ts';
import { createRouter } from '../../router.ts';

const tags = ['Notifications'];

const TokenParam = z.object({
  token: z
    .string()
    .max(200)
    .openapi({ param: { name: 'token', in: 'path' }, description: 'The signed token of a notification mail’s List-Unsubscribe link' }),
});

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

const ask = createRoute({
  method: 'get',
  path: '/{token}',
  tags,
  summary: 'The page of a mail’s unsubscribe link: asks before turning that kind of email off (changes nothing)',
  request: { params: TokenParam },
  responses: {
    200: html('A page in the member’s language with a button that posts here'),
    400: html('The token is malformed or tampered'),
  },
});

const confirm = createRoute({
  method: 'post',
  path: '/{token}',
  tags,
  summary: 'One-click unsubscribe (RFC 8058): turns the kind of email the token names off in the member’s preferences',
  description:
    'Posted by a mail client (body `List-Unsubscribe=One-Click`) or by the page’s button. Unsigned and without a session: the token is the proof.',
  request: { params: TokenParam },
  responses: { 200: html('Done: a page saying so'), 400: html('The token is malformed or tampered') },
});

/** The link every notification mail carries (docs/decisions/028-mail.md). */
export function unsubscribeRoutes(deps: Deps, secret: () => Promise<string>) {
  const answer = async (token: string, method: 'GET' | 'POST', locale: Locale) => {
    const result = await unsubscribe(deps, await secret(), token, method, locale);
    return new Response(result.html, {
      status: result.status,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
    });
  };
  return createRouter()
    .openapi(ask, (c) => answer(c.req.valid('param').token, 'GET', c.get('locale')))
    .openapi(confirm, (c) => answer(c.req.valid('param').token, 'POST', c.get('locale')));
}
