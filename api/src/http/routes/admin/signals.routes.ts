import { ListingSignals } from '@autoroute/contract/trust';
import { createRoute } from '@hono/zod-openapi';
import { listingSignals } from '../../../domain/trust/signals.ts';
import type { Deps } from '../../context.ts';
import { requirePermission } from '../../middleware/auth.ts';
import { failure, IdParam, jsonContent, named } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { guarded } from './crud-router.ts';

named(ListingSignals.shape.data.element, 'ListingSignal');
const Signals = named(ListingSignals, 'ListingSignals');

export const vehicleSignalsRoute = createRoute({
  method: 'get',
  path: '/{id}/signals',
  tags: ['Admin: vehicles'],
  summary: 'A listing’s fraud signals (admin.vehicle.index)',
  description:
    'What the trust rules found when the listing was last written (docs/decisions/052): its VIN’s form, check digit and make, the same VIN for sale elsewhere, a price far below its market, a private seller with many listings. Each comes with its facts and an explanation.',
  middleware: requirePermission('admin.vehicle.index'),
  request: { params: IdParam },
  responses: {
    200: { description: 'The signals, highest severity first', ...jsonContent(Signals) },
    ...guarded,
    404: failure('VEHICLE_NOT_FOUND'),
  },
});

/** Trust & safety for moderators: a listing's fraud signals, read under the listings' moderation permission. */
export function adminVehicleSignalsRoutes(deps: Deps) {
  return createRouter().openapi(vehicleSignalsRoute, async (c) =>
    c.json({ data: await listingSignals(deps.db, c.req.valid('param').id) }, 200),
  );
}
