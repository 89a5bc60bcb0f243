/**
 * The search's URL parameters: the same names as GET /api/v1/vehicles, so a URL is shareable as is
 * and a saved search keeps exactly them. The page number is the URL's alone.
 */
export const SEARCH_PARAMS = [
  'q',
  'brand',
  'model',
  'categoryId',
  'typeId',
  'fuelTypeId',
  'transmissionId',
  'colorId',
  'countryId',
  'cityId',
  'currencyId',
  'minPrice',
  'maxPrice',
  'minYear',
  'maxYear',
  'maxMileage',
  'doors',
  'rating',
  'nearCityId',
  'radiusKm',
  'availableFrom',
  'availableTo',
  'includeSold',
  'sort',
] as const;
