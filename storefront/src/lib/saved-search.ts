import type { SavedQuery } from '@autoroute/contract/saved-searches';
import type { TFunction } from 'i18next';
import type { SearchConfig } from './types.ts';

/** The search's filters, in the order the name and summary tell them. */
const REFERENCES = [
  ['categoryId', 'categories', 'search.category'],
  ['fuelTypeId', 'fuelTypes', 'search.fuel'],
  ['typeId', 'types', 'search.type'],
  ['transmissionId', 'transmissions', 'search.transmission'],
  ['colorId', 'colors', 'search.color'],
  ['countryId', 'countries', 'search.country'],
  ['cityId', 'cities', 'search.city'],
] as const;
const NUMBERS = [
  ['minYear', 'search.minYear'],
  ['maxYear', 'search.maxYear'],
  ['minPrice', 'search.minPrice'],
  ['maxPrice', 'search.maxPrice'],
  ['maxMileage', 'search.maxMileage'],
  ['doors', 'search.doors'],
] as const;

export const NAME_MAX = 80;

const text = (query: SavedQuery, key: string): string => {
  const value = query[key];
  return value === undefined || value === false ? '' : String(value).trim();
};

/** The name of a reference the query points to ("SUV" for categoryId 3), from GET /user/config. */
function referenceName(config: SearchConfig | null, list: (typeof REFERENCES)[number][1], id: string): string {
  return config?.[list].find((x) => String(x.id) === id)?.name ?? '';
}

/** The price ratings a search can keep (issue 17), each with the words its filter shows. */
const RATINGS: Record<string, string> = {
  great: 'vehicle.market.rating.great',
  'great,good': 'search.ratingGood',
  'great,good,fair': 'search.ratingFair',
};

/** One filter of a query in words, and the URL parameters that make it (a chip removes them all). */
export interface QueryPart {
  label: string;
  value: string;
  keys: string[];
}

/** The filters of a query, each as a label and a value: the saved searches list and the search page's chips. */
export function describeQuery(query: SavedQuery, config: SearchConfig | null, t: TFunction): QueryPart[] {
  const parts: QueryPart[] = [];
  const words = text(query, 'q');
  if (words) parts.push({ label: t('savedSearches.words'), value: `“${words}”`, keys: ['q'] });
  // A make without its model: the model means nothing on its own.
  if (text(query, 'brand')) parts.push({ label: t('search.make'), value: text(query, 'brand'), keys: ['brand', 'model'] });
  if (text(query, 'model')) parts.push({ label: t('search.model'), value: text(query, 'model'), keys: ['model'] });
  for (const [key, list, label] of REFERENCES) {
    const id = text(query, key);
    if (id)
      parts.push({
        label: t(label),
        value: referenceName(config, list, id) || id,
        keys: key === 'countryId' ? ['countryId', 'cityId'] : [key],
      });
  }
  const rating = RATINGS[text(query, 'rating')];
  if (rating) parts.push({ label: t('search.rating'), value: t(rating), keys: ['rating'] });
  const currency = config?.currencies.find((c) => String(c.id) === text(query, 'currencyId'))?.code ?? '';
  for (const [key, label] of NUMBERS) {
    const value = text(query, key);
    if (value) parts.push({ label: t(label), value: key.endsWith('Price') && currency ? `${value} ${currency}` : value, keys: [key] });
  }
  // Around a city: its name and the distance (50 km when the search names none).
  const near = text(query, 'nearCityId');
  if (near) {
    const km = text(query, 'radiusKm') || '50';
    parts.push({
      label: t('search.near'),
      value: `${referenceName(config, 'cities', near) || near} · ${t('common:km', { value: km })}`,
      keys: ['nearCityId', 'radiusKm'],
    });
  }
  // Available for rent on some days: the pickup day and the return day.
  const from = text(query, 'availableFrom');
  const to = text(query, 'availableTo');
  if (from || to) parts.push({ label: t('search.available'), value: `${from} → ${to}`, keys: ['availableFrom', 'availableTo'] });
  if (query.includeSold === true || query.includeSold === 'true')
    parts.push({ label: t('search.includeSold'), value: '✓', keys: ['includeSold'] });
  return parts;
}

/** A name for a new saved search from its filters ("Peugeot 208 SUV"), or "All vehicles". */
export function suggestName(query: SavedQuery, config: SearchConfig | null, t: TFunction): string {
  const words = [text(query, 'brand'), text(query, 'model')];
  for (const [key, list] of REFERENCES.filter(([k]) => k !== 'countryId' || !query.cityId)) {
    const id = text(query, key);
    if (id && key !== 'colorId') words.push(referenceName(config, list, id));
  }
  const q = text(query, 'q');
  const name = [q ? `“${q}”` : '', ...words].filter(Boolean).join(' ');
  return (name || t('savedSearches.allVehicles')).slice(0, NAME_MAX);
}

/** The search page of a saved query (its defaults left out, as the search page keeps its URLs short). */
export function searchHref(query: SavedQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === false || value === '' || (key === 'sort' && value === 'relevance')) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `/vehicles${search ? `?${search}` : ''}`;
}
