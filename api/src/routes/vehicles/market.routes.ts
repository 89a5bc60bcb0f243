import { createRouter, type Deps } from '../../context.ts';
import { priceCheckRoute } from './market.schemas.ts';
import { checkPrice } from './market.service.ts';

/** POST /price-check (issue 17): the listing form's price check. */
export function marketRoutes(deps: Deps) {
  return createRouter().openapi(priceCheckRoute, async (c) =>
    c.json({ data: await checkPrice(deps, c.req.valid('json'), c.get('locale')) }, 200),
  );
}
