/**
 * What an indexable page tells search engines and link previews (schema.org JSON-LD, OpenGraph,
 * Twitter cards, canonical and hreflang links): built here, written into the head by Base.astro.
 * Every address is absolute on PUBLIC_URL (siteUrl), so it holds behind a proxy and on any domain.
 */
import type { Locale } from '@autoroute/locales';
import type { AstroGlobal } from 'astro';
import type { TFunction } from 'i18next';
import type {
  AggregateRating,
  AutoDealer,
  BreadcrumbList,
  Car,
  EngineSpecification,
  ImageObject,
  Offer,
  Organization,
  Person,
  QuantitativeValue,
  SearchAction,
  Thing,
  WebSite,
} from 'schema-dts';
import type { SellerPage, VehicleDetail } from './types.ts';
import { siteUrl } from './urls.ts';

type Astro = Pick<AstroGlobal, 'locals' | 'url'>;
/** A schema.org object, typed by schema-dts (Google's types of the vocabulary): a misnamed property does not compile. */
type JsonLd = Exclude<Thing, string>;

/** A picture for link previews: a raster file (previews do not show SVG) with its size and text. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

/** What makes a page indexable: without it Base.astro marks the page `noindex`. */
export interface Seo {
  /** The page's own name for previews, without the site's (default: the document's title). */
  title?: string;
  /** The page's own path and query, without `lng` (default: the request's): canonical and alternates add the language. */
  path?: string;
  /** OpenGraph's type: `product` for a listing, else `website`. */
  type?: 'website' | 'product';
  image?: ShareImage | null;
  /** schema.org objects, written as one `@graph`. */
  jsonLd?: JsonLd[];
}

/** `path` in `locale` (`?lng=`), or, without a locale, the address that picks the visitor's language (x-default). */
export function localizedUrl(astro: Astro, path: string, locale: Locale | null): string {
  const url = new URL(path, 'http://x');
  url.searchParams.delete('lng');
  if (locale) url.searchParams.set('lng', locale);
  return siteUrl(astro, `${url.pathname}${url.search}`);
}

/** The request's path and query without the language parameter. */
export function ownPath(astro: Astro): string {
  const query = new URLSearchParams(astro.url.search);
  query.delete('lng');
  const search = query.toString();
  return `${astro.url.pathname}${search ? `?${search}` : ''}`;
}

/** JSON for a `<script type="application/ld+json">`: escaped so that it cannot close the script. */
export const jsonLdText = (objects: JsonLd[]): string =>
  JSON.stringify(
    objects.length === 1 ? { '@context': 'https://schema.org', ...objects[0] } : { '@context': 'https://schema.org', '@graph': objects },
  ).replace(/</g, '\\u003c');

/** At most `max` characters, cut at a word boundary, with an ellipsis when something was left out. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?…-]+$/u, '')}…`;
}

/** The trail of a page, each step a name and a site path (the last one the page itself). */
export const breadcrumbList = (astro: Astro, steps: { name: string; path: string }[]): BreadcrumbList => ({
  '@type': 'BreadcrumbList',
  itemListElement: steps.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: siteUrl(astro, step.path) })),
});

/** The site as a publisher, and its search as a SearchAction (home page). */
export function siteJsonLd(astro: Astro, t: TFunction): JsonLd[] {
  const home = siteUrl(astro, '/');
  const organization: Organization = {
    '@type': 'Organization',
    '@id': `${home}#organization`,
    name: t('common:appName'),
    url: home,
    logo: siteUrl(astro, '/icon-512.png'),
  };
  // `query-input` is Google's addition to SearchAction, outside the vocabulary's types.
  const search: SearchAction & { 'query-input': string } = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl(astro, '/vehicles')}?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  const website: WebSite = {
    '@type': 'WebSite',
    '@id': `${home}#website`,
    name: t('common:appName'),
    url: home,
    publisher: { '@id': `${home}#organization` },
    potentialAction: search,
  };
  return [organization, website];
}

/** The site's own picture, for pages without one of their own. */
export const siteImage = (astro: Astro, t: TFunction): ShareImage => ({
  url: siteUrl(astro, '/icon-512.png'),
  width: 512,
  height: 512,
  type: 'image/png',
  alt: t('common:appName'),
});

const MIME: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };

type Picture = VehicleDetail['pictures'][number];

/** A picture's JPEG or PNG rendition closest to 1200 px wide (what previews and search engines show best), if it has one. */
function raster(picture: Picture) {
  return picture.renditions
    .filter((r) => r.format === 'jpeg' || r.format === 'png')
    .sort((a, b) => Math.abs(a.width - 1200) - Math.abs(b.width - 1200))[0];
}

/** A listing's picture for link previews: its cover's raster rendition; null when it has none. */
export function vehicleImage(astro: Astro, v: VehicleDetail, alt: string): ShareImage | null {
  const cover = v.pictures[0] && raster(v.pictures[0]);
  return cover
    ? { url: siteUrl(astro, cover.url), width: cover.width, height: cover.height, type: MIME[cover.format] ?? 'image/jpeg', alt }
    : null;
}

/** Each picture with its size: its raster rendition where it has one (search engines index few SVGs), else the picture. */
const images = (astro: Astro, v: VehicleDetail): ImageObject[] =>
  v.pictures.map((p) => {
    const shown = raster(p) ?? p;
    return { '@type': 'ImageObject', contentUrl: siteUrl(astro, shown.url), width: pixels(shown.width), height: pixels(shown.height) };
  });

const quantity = (value: number | null, unitCode: string): QuantitativeValue | undefined =>
  value === null ? undefined : { '@type': 'QuantitativeValue', value, unitCode };

/** A picture's width or height (UN/CEFACT E37: pixels). */
const pixels = (value: number): QuantitativeValue => ({ '@type': 'QuantitativeValue', value, unitCode: 'E37' });

/** What the listing leaves empty is left out (schema.org has no null): JSON drops `undefined`. */
const given = <T>(value: T | null): T | undefined => value ?? undefined;

/** Rentals are offered per day or per month: UN/CEFACT unit codes of the price's period. */
const RENTAL_UNIT: Record<string, string> = { rent_day: 'DAY', rent_month: 'MON' };

/**
 * The listing as a schema.org Car with its Offer (Google's vehicle listing structured data): every
 * property the API fills, the seller named without contact details, a rental as a per-day or
 * per-month lease, a sold listing as sold out.
 */
export function carJsonLd(astro: Astro, v: VehicleDetail, pageUrl: string): Car {
  const condition = v.mileage === 0 ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition';
  const rentalUnit = v.type.code ? RENTAL_UNIT[v.type.code] : undefined;
  const engine: EngineSpecification = {
    '@type': 'EngineSpecification',
    fuelType: v.fuel_type.name,
    engineDisplacement: quantity(v.engine_size, 'LTR'),
    enginePower: quantity(v.din_power, 'N12'),
    torque: quantity(v.torque, 'NU'),
  };
  const offer: Offer = {
    '@type': 'Offer',
    url: pageUrl,
    price: v.price,
    priceCurrency: v.currency.code,
    businessFunction: { '@id': `http://purl.org/goodrelations/v1#${rentalUnit ? 'LeaseOut' : 'Sell'}` },
    priceSpecification: rentalUnit
      ? {
          '@type': 'UnitPriceSpecification',
          price: v.price,
          priceCurrency: v.currency.code,
          unitCode: rentalUnit,
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: rentalUnit },
        }
      : undefined,
    availability: v.sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    itemCondition: condition,
    availableAtOrFrom: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: v.city.name, addressCountry: v.country.code },
    },
    seller:
      v.seller.type === 'professional' ? { '@type': 'Organization', name: v.seller.name } : { '@type': 'Person', name: v.seller.name },
  };
  return {
    '@type': 'Car',
    '@id': `${pageUrl}#vehicle`,
    name: v.title,
    description: v.description.replace(/\s+/g, ' ').trim(),
    url: pageUrl,
    image: images(astro, v),
    brand: { '@type': 'Brand', name: v.brand },
    model: v.model,
    vehicleModelDate: String(v.year),
    vehicleIdentificationNumber: given(v.vin),
    bodyType: v.category.name,
    vehicleEngine: engine,
    fuelType: v.fuel_type.name,
    vehicleTransmission: v.transmission.name,
    numberOfDoors: v.number_of_doors,
    seatingCapacity: v.number_of_seats,
    color: v.color.name,
    vehicleInteriorType: given(v.upholstery),
    mileageFromOdometer: quantity(v.mileage, 'KMT'),
    dateVehicleFirstRegistered: given(v.registration_date),
    numberOfPreviousOwners: given(v.number_of_owners),
    emissionsCO2: given(v.co2_emissions),
    weightTotal: quantity(v.weight, 'KGM'),
    cargoVolume: quantity(v.trunk_volume, 'LTR'),
    itemCondition: condition,
    offers: offer,
  };
}

/**
 * A seller's page as schema.org: a business as an AutoDealer (with its verified trader's legal name
 * and address), a private seller as a Person, never with contact details beyond a verified trader's.
 * With reviews, their AggregateRating: inside the AutoDealer; beside a Person, whom schema.org gives
 * no rating of their own, as an AggregateRating whose itemReviewed is the Person.
 */
export function sellerJsonLd(s: SellerPage, pageUrl: string): JsonLd[] {
  const { count, average } = s.reviews.summary;
  const rating: AggregateRating | undefined =
    count > 0 && average !== null
      ? { '@type': 'AggregateRating', ratingValue: average, reviewCount: count, bestRating: 5, worstRating: 1 }
      : undefined;
  if (s.type === 'professional') {
    const dealer: AutoDealer = {
      '@type': 'AutoDealer',
      '@id': `${pageUrl}#seller`,
      name: s.name,
      url: pageUrl,
      ...(s.trader
        ? {
            legalName: s.trader.legalName,
            address: s.trader.address,
            email: s.trader.email,
            telephone: s.trader.phone,
            identifier: s.trader.registrationNumber,
          }
        : s.city
          ? { address: { '@type': 'PostalAddress', addressLocality: s.city.name } }
          : {}),
      ...(rating ? { aggregateRating: rating } : {}),
    };
    return [dealer];
  }
  const person: Person = {
    '@type': 'Person',
    '@id': `${pageUrl}#seller`,
    name: s.name,
    url: pageUrl,
    ...(s.city ? { homeLocation: { '@type': 'Place', name: s.city.name } } : {}),
  };
  return rating ? [person, { ...rating, itemReviewed: { '@id': `${pageUrl}#seller` } }] : [person];
}
