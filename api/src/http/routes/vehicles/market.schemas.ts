import { msg } from '@autoroute/contract/messages';
import { MarketPrice as ContractMarketPrice } from '@autoroute/contract/vehicles';
import { z } from '@hono/zod-openapi';
import { named } from '../../openapi.ts';

/** Ratings of a price against its market, from the best deal to the worst (issue 17). */

/** A listing's market price (@autoroute/contract/vehicles), named in the API document. */
export const MarketPrice = named(ContractMarketPrice, 'MarketPrice');

const id = (field: string) =>
  z
    .number({ error: msg('validation.required') })
    .int()
    .min(1)
    .max(2147483647)
    .openapi({ description: field });

export const PriceCheckInput = named(
  z
    .object({
      brand: z
        .string({ error: msg('validation.required') })
        .trim()
        .min(1, { error: msg('validation.required') })
        .max(100),
      model: z
        .string({ error: msg('validation.required') })
        .trim()
        .min(1, { error: msg('validation.required') })
        .max(100),
      year: z
        .number({ error: msg('validation.notNumber') })
        .int()
        .min(1900)
        .max(2100),
      mileage: z
        .number({ error: msg('validation.notNumber') })
        .int()
        .min(0)
        .max(5_000_000),
      currencyId: id('The currency the price is asked in'),
      fuelTypeId: id('Compared with the same fuel first').optional(),
      categoryId: id('Its body: when its model has too few listings, compared with its segment’s listings of this body first').optional(),
      typeId: id('Compared with listings of this type only (sale, daily or monthly rent); every type when absent').optional(),
      vehicleId: id('The listing being edited: left out of its own comparables').optional(),
      price: z
        .number({ error: msg('validation.notNumber') })
        .positive({ error: msg('vehicle.pricePositive') })
        .max(1_000_000_000)
        .optional()
        .openapi({ description: 'The price to rate' }),
    })
    .strict(),
  'PriceCheckInput',
);
