import * as Contract from '@autoroute/contract/rentals';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';

/** A rental listing's calendars (@autoroute/contract/rentals), named in the API document. */
export const CalendarImportInput = named(Contract.CalendarImportInput, 'CalendarImportInput');
export const CalendarImport = named(Contract.CalendarImport, 'CalendarImport');
export const CalendarSettings = named(Contract.CalendarSettings, 'CalendarSettings');

export const VehicleIdParam = z.object({
  vehicleId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2147483647)
    .openapi({ param: { name: 'vehicleId', in: 'path' }, example: 1 }),
});

export const FeedParam = z.object({
  feed: z
    .string()
    .max(200)
    .openapi({ param: { name: 'feed', in: 'path' }, description: 'The listing’s secret followed by `.ics`', example: 'q0dY…Zw.ics' }),
});
