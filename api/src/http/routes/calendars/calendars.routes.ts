import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '../../../core/errors.ts';
import {
  addCalendarImport,
  calendarFeed,
  calendarSettings,
  pollCalendarImportNow,
  removeCalendarImport,
  rotateCalendarToken,
} from '../../../domain/rentals/calendars.service.ts';
import { viewerOf } from '../../../domain/vehicles/vehicles.write.service.ts';
import type { Deps } from '../../context.ts';
import { requireUser } from '../../middleware/auth.ts';
import { failure, IdParam, jsonBody, jsonContent } from '../../openapi.ts';
import { createRouter } from '../../router.ts';
import { CalendarImport, CalendarImportInput, CalendarSettings, FeedParam, VehicleIdParam } from './calendars.schemas.ts';

const tags = ['Calendars'];
const middleware = requireUser();
const signedOut = failure('UNAUTHORIZED: not signed in');
const notOwner = failure('FORBIDDEN: not the listing’s owner');
const listingErrors = {
  401: signedOut,
  403: notOwner,
  404: failure('VEHICLE_NOT_FOUND'),
  422: failure('RENTAL_NOT_RENTAL: the listing is not for rent'),
};
const importErrors = { 401: signedOut, 403: notOwner, 404: failure('CALENDAR_IMPORT_NOT_FOUND') };
const settings = { description: 'The feed’s URL and the imports', ...jsonContent(z.object({ data: CalendarSettings })) };

const feedRoute = createRoute({
  method: 'get',
  path: '/{feed}',
  tags,
  summary:
    'A rental listing’s iCal (RFC 5545) feed at its secret URL: its bookings (requests TENTATIVE, accepted and active ones CONFIRMED, closed ones CANCELLED) and its owner’s blocks, as all-day events without the renter’s details. Public and unsigned: the secret is the proof',
  request: { params: FeedParam },
  responses: {
    200: { description: 'text/calendar, with an ETag', content: { 'text/calendar': { schema: z.string() } } },
    304: { description: 'Unchanged since the ETag sent in If-None-Match' },
    404: failure('CALENDAR_NOT_FOUND: no listing has this secret (a new one was made, or it never existed)'),
  },
});

const settingsRoute = createRoute({
  method: 'get',
  path: '/vehicles/{vehicleId}',
  tags,
  middleware,
  summary: 'The owner’s calendars of a rental listing: the export’s secret URL and the imported calendars with their last poll',
  request: { params: VehicleIdParam },
  responses: { 200: settings, ...listingErrors },
});

const rotateRoute = createRoute({
  method: 'post',
  path: '/vehicles/{vehicleId}/rotate',
  tags,
  middleware,
  summary: 'A new secret URL for the export: the old one stops working',
  request: { params: VehicleIdParam },
  responses: { 200: settings, ...listingErrors },
});

const addImportRoute = createRoute({
  method: 'post',
  path: '/vehicles/{vehicleId}/imports',
  tags,
  middleware,
  summary:
    'Imports another platform’s calendar (an http or https URL on the internet; at most 5 a listing), polled once at once and then every 15 minutes: its events block the listing’s days',
  request: { params: VehicleIdParam, ...jsonBody(CalendarImportInput) },
  responses: {
    201: {
      description: 'The import after its first poll (a failure is in its status and error)',
      ...jsonContent(z.object({ data: CalendarImport })),
    },
    ...listingErrors,
    409: failure('CALENDAR_IMPORTS_LIMIT: five already; CALENDAR_IMPORT_EXISTS: this URL is imported already'),
    422: failure('VALIDATION_FAILED, or RENTAL_NOT_RENTAL: the listing is not for rent'),
  },
});

const removeImportRoute = createRoute({
  method: 'delete',
  path: '/imports/{id}',
  tags,
  middleware,
  summary: 'Stops importing a calendar: the days its events blocked are free again',
  request: { params: IdParam },
  responses: { 204: { description: 'Removed' }, ...importErrors },
});

const pollImportRoute = createRoute({
  method: 'post',
  path: '/imports/{id}/poll',
  tags,
  middleware,
  summary: 'Polls an imported calendar now (a conditional request: unchanged, nothing moves)',
  request: { params: IdParam },
  responses: { 200: { description: 'The import after the poll', ...jsonContent(z.object({ data: CalendarImport })) }, ...importErrors },
});

/** /calendars (docs/decisions/060-calendars-that-sync.md): a rental listing's feed, and the calendars it imports. */
export function calendarsRoutes(deps: Deps) {
  return createRouter()
    .openapi(feedRoute, async (c) => {
      const { feed } = c.req.valid('param');
      const token = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(feed)?.[1];
      const found = token ? await calendarFeed(deps.db, deps.config.publicUrl, token) : null;
      if (!found) throw new AppError(404, 'CALENDAR_NOT_FOUND');
      const headers = { ETag: found.etag, 'Cache-Control': 'private, no-cache', 'Referrer-Policy': 'no-referrer' };
      const asked = c.req.header('if-none-match');
      if (asked?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === found.etag)) return c.body(null, 304, headers);
      return c.body(found.text, 200, { ...headers, 'Content-Type': 'text/calendar; charset=utf-8' });
    })
    .openapi(settingsRoute, async (c) =>
      c.json({ data: await calendarSettings(deps, viewerOf(c.get('principal')), c.req.valid('param').vehicleId, c.get('t')) }, 200),
    )
    .openapi(rotateRoute, async (c) =>
      c.json({ data: await rotateCalendarToken(deps, viewerOf(c.get('principal')), c.req.valid('param').vehicleId, c.get('t')) }, 200),
    )
    .openapi(addImportRoute, async (c) =>
      c.json(
        {
          data: await addCalendarImport(
            deps,
            viewerOf(c.get('principal')),
            c.req.valid('param').vehicleId,
            c.req.valid('json'),
            c.get('t'),
          ),
        },
        201,
      ),
    )
    .openapi(removeImportRoute, async (c) => {
      await removeCalendarImport(deps, viewerOf(c.get('principal')), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(pollImportRoute, async (c) =>
      c.json({ data: await pollCalendarImportNow(deps, viewerOf(c.get('principal')), c.req.valid('param').id, c.get('t')) }, 200),
    );
}
