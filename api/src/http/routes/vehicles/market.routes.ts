import { createRoute, z } from '@hono/zod-openapi';
import { checkPrice } from '../../../domain/vehicles/market.service.ts';
import type { Deps } from '../../context.ts';
import { failure, jsonBody, jsonContent } from '../../openapi.ts';
import { requestInfo } from '../../request.ts';
import { createRouter } from '../../router.ts';
import { MarketPrice, PriceCheckInput } from './market.schemas.ts';

export const priceCheckRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Vehicles'],
  summary: 'What comparable listings say a vehicle is worth, and how a price rates against them (before publishing)',
  request: jsonBody(PriceCheckInput),
  responses: {
    200: { description: 'The estimate', ...jsonContent(z.object({ data: MarketPrice })) },
    422: failure('VALIDATION_FAILED'),
    429: failure('TOO_MANY_REQUESTS, with Retry-After'),
  },
});

/** POST /price-check (issue 17): the listing form's price check. */
export function marketRoutes(deps: Deps) {
  return createRouter().openapi(priceCheckRoute, async (c) =>
    c.json({ data: await checkPrice(deps, c.req.valid('json'), c.get('locale'), requestInfo(c, deps.config.trustProxy).ip) }, 200),
  );
}
