import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';
import { describeQuery, NAME_MAX, searchHref, suggestName } from './saved-search.ts';
import type { SearchConfig } from './types.ts';

// The reference names as GET /api/v1/user/config gives them, the few these tests need.
const config = {
  categories: [{ id: 3, name: 'SUV' }],
  fuelTypes: [{ id: 2, name: 'Diesel' }],
  types: [],
  transmissions: [],
  colors: [{ id: 5, name: 'Red' }],
  countries: [{ id: 1, name: 'France' }],
  cities: [{ id: 9, name: 'Lyon', countryId: 1 }],
  currencies: [{ id: 4, code: 'EUR', name: 'Euro', symbol: '€', minorUnits: 2, countryId: 1 }],
  makes: [],
} as unknown as SearchConfig;
const en = translator('en_US');

describe('a saved search in words', () => {
  it('names a new search after its words, make and references, the city rather than its country', () => {
    expect(suggestName({ q: 'estate', brand: 'Peugeot', model: '308', categoryId: '3', fuelTypeId: 2, colorId: 5 }, config, en)).toBe(
      '“estate” Peugeot 308 SUV Diesel',
    );
    expect(suggestName({ countryId: 1, cityId: 9, sort: 'price_asc', page: '2' }, config, en)).toBe('Lyon');
    expect(suggestName({ sort: 'newest' }, config, en)).toBe('All vehicles');
    expect(suggestName({}, null, translator('ar_SA'))).toBe('كل المركبات');
    expect(suggestName({ q: 'x'.repeat(200) }, config, en)).toHaveLength(NAME_MAX);
  });

  it('tells each filter with its label, an unknown reference by its id, prices in their currency', () => {
    expect(
      describeQuery(
        { brand: 'Peugeot', categoryId: 3, cityId: 77, currencyId: 4, maxPrice: 30000, includeSold: true, sort: 'newest' },
        config,
        en,
      ),
    ).toEqual([
      { label: 'Make', value: 'Peugeot', keys: ['brand', 'model'] },
      { label: 'Body type', value: 'SUV', keys: ['categoryId'] },
      { label: 'City', value: '77', keys: ['cityId'] },
      { label: 'Maximum price', value: '30000 EUR', keys: ['maxPrice'] },
      { label: 'Include sold vehicles', value: '✓', keys: ['includeSold'] },
    ]);
    expect(describeQuery({ rating: 'great,good', countryId: 1 }, config, en)).toEqual([
      { label: 'Country', value: 'France', keys: ['countryId', 'cityId'] },
      { label: 'Price rating', value: 'Good price or better', keys: ['rating'] },
    ]);
    expect(describeQuery({ includeSold: false, sort: 'relevance' }, config, en)).toEqual([]);
    expect(describeQuery({ nearCityId: 9, radiusKm: 100 }, config, en)).toEqual([
      { label: 'Around a city', value: 'Lyon · 100 km', keys: ['nearCityId', 'radiusKm'] },
    ]);
    expect(describeQuery({ nearCityId: 9 }, config, en)).toEqual([
      { label: 'Around a city', value: 'Lyon · 50 km', keys: ['nearCityId', 'radiusKm'] },
    ]);
    // Available for rent on some days: one chip for both days.
    expect(describeQuery({ availableFrom: '2027-07-01', availableTo: '2027-07-08' }, config, en)).toEqual([
      { label: 'Available for rent', value: '2027-07-01 → 2027-07-08', keys: ['availableFrom', 'availableTo'] },
    ]);
  });

  it('opens on the search page with the same filters, its defaults left out', () => {
    expect(searchHref({ brand: 'Alfa Romeo', maxPrice: 30000, currencyId: 4, includeSold: false, sort: 'price_asc' })).toBe(
      '/vehicles?brand=Alfa+Romeo&maxPrice=30000&currencyId=4&sort=price_asc',
    );
    expect(searchHref({ sort: 'relevance', includeSold: false })).toBe('/vehicles');
  });
});
