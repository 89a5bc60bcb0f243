import { msg } from '@autoroute/contract/messages';
import { MARKET_RATINGS, type MarketRating } from '@autoroute/db';
import { z } from '@hono/zod-openapi';

/** Ratings of a price against its market, from the best deal to the worst (issue 17). */
export const RATINGS = MARKET_RATINGS;
export type Rating = MarketRating;

export const MarketPrice = z
  .object({
    estimate: z
      .number()
      .nullable()
      .openapi({ description: 'The median price of the comparables, in the currency’s major unit; null when too few' }),
    low: z.number().nullable().openapi({ description: 'First quartile' }),
    high: z.number().nullable().openapi({ description: 'Third quartile' }),
    comparables: z.number().int().openapi({ description: 'How many listings were compared' }),
    confidence: z
      .enum(['low', 'medium', 'high'])
      .nullable()
      .openapi({ description: 'low: 5–9 comparables, medium: 10–29, high: 30 or more' }),
    rating: z.enum(RATINGS).openapi({
      description: 'great ≤ −15 %, good ≤ −5 %, fair within 5 %, high < +15 %, overpriced beyond; unknown with fewer than 5 comparables',
    }),
    basis: z
      .object({
        minYear: z.number().int(),
        maxYear: z.number().int(),
        minMileage: z.number().int().nullable(),
        maxMileage: z.number().int().nullable(),
        sameFuel: z.boolean(),
      })
      .openapi({
        description:
          'Which listings were compared: the same make, model, currency and type, live or sold in the last 180 days; a listing’s figures are those the market job stored',
      }),
  })
  .openapi('MarketPrice');

const id = (field: string) =>
  z
    .number({ error: msg('validation.required') })
    .int()
    .min(1)
    .max(2147483647)
    .openapi({ description: field });

export const PriceCheckInput = z
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
    typeId: id('Compared with listings of this type only (sale, daily or monthly rent); every type when absent').optional(),
    price: z
      .number({ error: msg('validation.notNumber') })
      .positive({ error: msg('vehicle.pricePositive') })
      .max(1_000_000_000)
      .optional()
      .openapi({ description: 'The price to rate' }),
  })
  .strict()
  .openapi('PriceCheckInput');
