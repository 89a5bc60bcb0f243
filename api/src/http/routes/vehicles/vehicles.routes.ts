import { ListMeta } from '@autoroute/contract/vehicles';
import { createRoute, z } from '@hono/zod-openapi';
import { VehicleListQuery } from '../../../domain/vehicles/query.ts';
import { featuredVehicles, getVehicle, searchVehicles } from '../../../domain/vehicles/vehicles.service.ts';
import { createVehicle, deleteVehicle, patchVehicle, replaceVehicle, viewerOf } from '../../../domain/vehicles/vehicles.write.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser, requireVerifiedEmail } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { interactionsRoutes } from './interactions.routes.ts';
import { Vehicle, VehicleSummary } from './vehicles.schemas.ts';
import { VehicleInput, VehiclePatch } from './vehicles.write.schemas.ts';

const list = createRoute({
  method: 'get',
  path: '/',
  tags: ['Vehicles'],
  summary: 'Search vehicles (newest first by default)',
  request: { query: VehicleListQuery },
  responses: {
    200: {
      description: 'A page of vehicles',
      ...jsonContent(z.object({ data: z.array(VehicleSummary), meta: ListMeta })),
    },
    422: failure('Invalid query'),
  },
});

const featured = createRoute({
  method: 'get',
  path: '/featured',
  tags: ['Vehicles'],
  summary: "The newest live listings featured by an administrator or by their seller's plan",
  request: { query: z.object({ perPage: z.coerce.number().int().min(1).max(24).default(6) }) },
  responses: {
    200: {
      description: 'Featured listings, newest first',
      ...jsonContent(z.object({ data: z.array(VehicleSummary) })),
    },
    422: failure('Invalid query'),
  },
});

const detail = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Vehicles'],
  summary: 'One vehicle with every field',
  request: { params: IdParam },
  responses: {
    200: { description: 'The vehicle', ...jsonContent(z.object({ data: Vehicle })) },
    404: failure('VEHICLE_NOT_FOUND'),
  },
});

const tags = ['Vehicles'];
const VehicleData = jsonContent(z.object({ data: Vehicle }));
const invalid = failure(
  'VALIDATION_FAILED: details name each field (a missing field, a value out of range, an unknown reference, a city of another country, a picture that is not yours or is used by another listing)',
);

export const createVehicleRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Publish a vehicle (signed in, email verified)',
  middleware: requireVerifiedEmail(),
  request: jsonBody(VehicleInput),
  responses: {
    201: { description: 'The new vehicle, as GET /vehicles/{id} answers it', ...VehicleData },
    401: failure('Not signed in'),
    402: failure('EMAIL_NOT_VERIFIED'),
    422: invalid,
  },
});

const ownerOnly = {
  401: failure('Not signed in'),
  403: failure('FORBIDDEN: not the owner of this vehicle'),
  404: failure('VEHICLE_NOT_FOUND'),
};

const replaceVehicleRoute = createRoute({
  method: 'put',
  path: '/{id}',
  tags,
  summary: 'Replace a vehicle (its owner); options and pictures are replaced, pictures left out are detached',
  middleware: requireUser(),
  request: { params: IdParam, ...jsonBody(VehicleInput) },
  responses: { 200: { description: 'The updated vehicle', ...VehicleData }, ...ownerOnly, 422: invalid },
});

const patchVehicleRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags,
  summary: 'Change some fields of a vehicle (its owner), e.g. { "sold": true }',
  middleware: requireUser(),
  request: { params: IdParam, ...jsonBody(VehiclePatch) },
  responses: { 200: { description: 'The updated vehicle', ...VehicleData }, ...ownerOnly, 422: invalid },
});

export const deleteVehicleRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Delete a vehicle (its owner, or an admin holding delete_vehicle) with its options and pictures',
  middleware: requireUser(),
  request: { params: IdParam },
  responses: {
    200: { description: 'Deleted', ...jsonContent(z.object({ data: z.object({ ok: z.literal(true) }) })) },
    401: failure('Not signed in'),
    403: failure('FORBIDDEN: neither the owner nor holding delete_vehicle'),
    404: failure('VEHICLE_NOT_FOUND'),
  },
});

export function vehiclesRoutes(deps: Deps) {
  return (
    createRouter()
      // Comparing, and each vehicle's like, favourite and contact (interactions.routes.ts): before
      // `/{id}`, which would take "compare" for an id.
      .route('/', interactionsRoutes(deps))
      .openapi(list, async (c) => {
        const found = await searchVehicles(deps, c.req.valid('query'), c.get('locale'));
        // Counts shared across a change are answered, not kept under the new version (they are being counted again).
        if (found.meta.countsAsOf !== null) c.set('transient', true);
        return c.json(found, 200);
      })
      // Before `/{id}`, which would take "featured" for an id.
      .openapi(featured, async (c) => c.json(await featuredVehicles(deps, c.req.valid('query').perPage, c.get('locale')), 200))
      .openapi(detail, async (c) => {
        const principal = c.get('principal');
        const viewer = principal ? viewerOf(principal) : null;
        return c.json({ data: await getVehicle(deps, c.req.valid('param').id, c.get('locale'), viewer) }, 200);
      })
      .openapi(createVehicleRoute, async (c) =>
        c.json({ data: await createVehicle(deps, viewerOf(c.get('principal')), c.req.valid('json'), c.get('locale')) }, 201),
      )
      .openapi(replaceVehicleRoute, async (c) =>
        c.json(
          { data: await replaceVehicle(deps, viewerOf(c.get('principal')), c.req.valid('param').id, c.req.valid('json'), c.get('locale')) },
          200,
        ),
      )
      .openapi(patchVehicleRoute, async (c) =>
        c.json(
          { data: await patchVehicle(deps, viewerOf(c.get('principal')), c.req.valid('param').id, c.req.valid('json'), c.get('locale')) },
          200,
        ),
      )
      .openapi(deleteVehicleRoute, async (c) => {
        await deleteVehicle(deps, viewerOf(c.get('principal')), c.req.valid('param').id);
        return c.json({ data: { ok: true as const } }, 200);
      })
  );
}
