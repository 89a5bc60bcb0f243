import * as Contract from '@autoroute/contract/rentals';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';

/** Rentals and bookings (@autoroute/contract/rentals, docs/decisions/059), named in the API document. */
export const RentalTermsInput = named(Contract.RentalTermsInput, 'RentalTermsInput');
export const RentalTerms = named(Contract.RentalTerms, 'RentalTerms');
export const BlockInput = named(Contract.BlockInput, 'AvailabilityBlockInput');
export const AvailabilityBlock = named(Contract.AvailabilityBlock, 'AvailabilityBlock');
export const Availability = named(Contract.Availability, 'Availability');
export const Quote = named(Contract.Quote, 'RentalQuote');
export const BookingInput = named(Contract.BookingInput, 'BookingInput');
export const Booking = named(Contract.Booking, 'Booking');
export const BookingSummary = named(Contract.BookingSummary, 'BookingSummary');
export const HandoverInput = named(Contract.HandoverInput, 'HandoverInput');
export const CancelInput = named(Contract.CancelInput, 'BookingCancelInput');
export const BookingReviewInput = named(Contract.BookingReviewInput, 'BookingReviewInput');

const dbId = (name: string) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(2147483647)
    .openapi({ param: { name, in: 'path' }, example: 1 });
export const VehicleIdParam = z.object({ vehicleId: dbId('vehicleId') });
export const BlockParams = z.object({ vehicleId: dbId('vehicleId'), id: dbId('id') });
export const RangeQuery = z.object({ from: Contract.Day, to: Contract.Day });
export const QuoteQuery = z.object({ start: Contract.Day, end: Contract.Day });
export const SideQuery = z.object({ side: z.enum(['renter', 'owner']).default('renter') });
