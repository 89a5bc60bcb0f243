import type { AdminResource } from './permissions.ts';

/*
 * The back office's plain resources, declared once (DESIGN §1, STYLE "one source for each fact").
 * The admin API builds its validation, queries and 409 checks from these declarations, and the
 * react-admin screens build their lists, forms and filters from the same ones. This module imports
 * nothing that needs Node or a database driver, so the browser bundle can use it.
 */

export type FieldKind =
  /** One line of text. */
  | 'text'
  /** Several lines of text. */
  | 'longtext'
  /** A short stable code (ISO codes, slugs). */
  | 'code'
  /** A colour as #RRGGBB. */
  | 'hex'
  /** A cron expression (minute hour day month weekday). */
  | 'cron'
  /** A whole number. */
  | 'integer'
  /** A number with decimals (a coordinate). */
  | 'decimal'
  /** A whole number, or null for "unlimited". */
  | 'limit'
  /** An amount in the major unit of the currency named by `currency`. */
  | 'money'
  | 'boolean'
  | 'url'
  /** Written, never read back (a client secret). */
  | 'secret'
  /** The id of a row of another resource. */
  | 'reference'
  /** One of a fixed list of values. */
  | 'choice'
  /** Names in every locale: `{ en_US: "…", fr_FR: "…" }`; the plain field is the fallback. */
  | 'translations'
  /**
   * A page's text in every locale, `{ en_US: { title, summary, body }, … }`, kept in a table of its
   * own (`column` names it, `parentKey` its column pointing here); English is required, as the fallback.
   */
  | 'content';

export interface FieldDef {
  /** The API's and the screen's name for it (the SPEC's field name). */
  source: string;
  /** Its column. */
  column: string;
  kind: FieldKind;
  required?: boolean;
  /** Text: most characters; integer: largest value. */
  max?: number;
  /** Integer: smallest value. */
  min?: number;
  /** For `reference`: the resource it points at. */
  reference?: ResourceName;
  /** For `money`: the source of the currency field beside it. */
  currency?: string;
  /** For `choice`: the values allowed. */
  choices?: readonly string[];
  /** A column shown in the list. */
  list?: boolean;
  /** Offered as a filter of the list (beside the free-text search). */
  filter?: boolean;
  /** Default for a new row. */
  defaultValue?: string | number | boolean | null;
  /** For `content`: the column of its table that holds this row's id. */
  parentKey?: string;
}

/**
 * The database tables the declarations name: each resource's own, a content field's, and those whose
 * rows point at a resource. This module cannot see the database schema; the admin API checks at
 * compile time that each is one of its tables (`keyof Database`, api/src/domain/admin/resources.data.ts).
 */
export type DeclaredTable =
  | 'categories'
  | 'transmissions'
  | 'fuel_types'
  | 'options'
  | 'types'
  | 'themes'
  | 'providers'
  | 'languages'
  | 'countries'
  | 'cities'
  | 'currencies'
  | 'colors'
  | 'pages'
  | 'page_translations'
  | 'federers'
  | 'datacrons'
  | 'cart_groups'
  | 'carts'
  | 'cart_details'
  | 'models'
  | 'makes'
  | 'vehicles'
  | 'vehicle_options'
  | 'users'
  | 'user_providers'
  | 'external_identities'
  | 'subscriptions'
  | 'payments';

/** Something that points at a row of a resource and so keeps it from being deleted. */
export interface UsageDef {
  table: DeclaredTable;
  column: string;
  /** Locale key (namespace backoffice) of what the rows are, with `count` for the plural. */
  label: string;
  /**
   * Rows that name this one rather than point at it by id (a listing's brand and model are text):
   * `column` holds its title, and, for a row named within another (a model within its make), the
   * reference field `parent` names that other's title in `parentColumn`. Renaming the row renames it
   * in these rows too.
   */
  byName?: { parent?: { source: string; column: string } };
}

export interface ResourceDef {
  /** The API path (`/api/v1/admin/{name}`) and the react-admin resource name. */
  name: ResourceName;
  /** The permission resource: `admin.{permission}.{index|create|update|delete}` (SPEC §6). */
  permission: AdminResource;
  table: DeclaredTable;
  fields: FieldDef[];
  /** Columns the list's free-text search (`q`) looks in. */
  search: string[];
  /** Sets of sources that together must be unique (409 on a duplicate). */
  unique: string[][];
  /** What refers to a row: a delete while any of these has rows answers 409 naming them. */
  usedBy: UsageDef[];
  /** The source that names a row in references and titles. */
  title: string;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
}

/** A `code` field: letters and digits, then dots, dashes and underscores (the API and the forms check the same). */
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** A `hex` field: # and six hexadecimal digits. */
export const HEX_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const RESOURCE_NAMES = [
  'categories',
  'transmissions',
  'fuel-types',
  'options',
  'types',
  'themes',
  'providers',
  'languages',
  'countries',
  'cities',
  'currencies',
  'colors',
  'pages',
  'federers',
  'datacrons',
  'cart-groups',
  'carts',
  'cart-details',
  'makes',
  'models',
] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

/** The job handlers the server knows (api/src/jobs): a datacron row schedules one of them. */
export const JOB_HANDLERS = [
  'purge-expired',
  'expire-subscriptions',
  'recompute-stats',
  'backup-database',
  'send-notification-mail',
  'saved-search-alerts',
  'refresh-market-ratings',
  'review-invitations',
  'booking-clock',
  'calendar-imports',
] as const;

/** Where a model sits in the market (docs/decisions/045): the market's wider comparables when its own listings are few. */
export const MODEL_SEGMENTS = ['economy', 'family', 'premium', 'luxury', 'sports', 'supercar', 'utility'] as const;

const vehiclesUsing = (column: string): UsageDef => ({ table: 'vehicles', column, label: 'resources.vehicles.name' });

const code = (required = false): FieldDef => ({ source: 'code', column: 'code', kind: 'code', max: 40, required, list: true });
const name: FieldDef = { source: 'name', column: 'name', kind: 'text', max: 120, required: true, list: true };
const description = (required = false): FieldDef => ({
  source: 'description',
  column: 'description',
  kind: 'longtext',
  max: 2000,
  required,
});
const nameI18n: FieldDef = { source: 'nameI18n', column: 'name_i18n', kind: 'translations', max: 120 };
const descriptionI18n: FieldDef = { source: 'descriptionI18n', column: 'description_i18n', kind: 'translations', max: 2000 };
const byName = { field: 'name', order: 'ASC' } as const;

/** category, transmission, fuel type, option, type, theme (SPEC §3): id, name, description, with translations. */
function described(
  resource: ResourceName,
  permission: AdminResource,
  table: DeclaredTable,
  descriptionRequired: boolean,
  usedBy: UsageDef[],
): ResourceDef {
  return {
    name: resource,
    permission,
    table,
    fields: [code(), name, description(descriptionRequired), nameI18n, descriptionI18n],
    search: ['name', 'code', 'description'],
    unique: [['code']],
    usedBy,
    title: 'name',
    defaultSort: byName,
  };
}

export const RESOURCES: Record<ResourceName, ResourceDef> = {
  categories: described('categories', 'category', 'categories', true, [
    vehiclesUsing('category_id'),
    { table: 'models', column: 'category_id', label: 'usage.models' },
  ]),
  transmissions: described('transmissions', 'transmission', 'transmissions', true, [vehiclesUsing('transmission_id')]),
  'fuel-types': described('fuel-types', 'fueltype', 'fuel_types', true, [vehiclesUsing('fuel_type_id')]),
  options: described('options', 'option', 'options', false, [
    { table: 'vehicle_options', column: 'option_id', label: 'resources.vehicles.name' },
  ]),
  types: described('types', 'type', 'types', false, [vehiclesUsing('type_id')]),
  themes: described('themes', 'theme', 'themes', false, [{ table: 'users', column: 'theme_id', label: 'resources.users.name' }]),
  providers: described('providers', 'provider', 'providers', false, [
    { table: 'user_providers', column: 'provider_id', label: 'resources.users.name' },
  ]),
  languages: {
    name: 'languages',
    permission: 'language',
    table: 'languages',
    fields: [code(true), name, description(true), descriptionI18n],
    search: ['name', 'code', 'description'],
    unique: [['code']],
    usedBy: [{ table: 'users', column: 'language_id', label: 'resources.users.name' }],
    title: 'name',
    defaultSort: byName,
  },
  countries: {
    name: 'countries',
    permission: 'country',
    table: 'countries',
    fields: [{ ...code(true), max: 2 }, name, nameI18n],
    search: ['name', 'code'],
    unique: [['code']],
    usedBy: [
      { table: 'cities', column: 'country_id', label: 'resources.cities.name' },
      { table: 'currencies', column: 'country_id', label: 'resources.currencies.name' },
      vehiclesUsing('country_id'),
      vehiclesUsing('origin_country_id'),
      vehiclesUsing('first_registration_country_id'),
      { table: 'makes', column: 'country_id', label: 'usage.makes' },
    ],
    title: 'name',
    defaultSort: byName,
  },
  cities: {
    name: 'cities',
    permission: 'city',
    table: 'cities',
    fields: [
      name,
      { source: 'countryId', column: 'country_id', kind: 'reference', reference: 'countries', required: true, list: true, filter: true },
      // Where it is (degrees, WGS 84): the distance search measures from it (issue 17).
      { source: 'latitude', column: 'latitude', kind: 'decimal', min: -90, max: 90 },
      { source: 'longitude', column: 'longitude', kind: 'decimal', min: -180, max: 180 },
    ],
    search: ['name'],
    unique: [['countryId', 'name']],
    usedBy: [vehiclesUsing('city_id')],
    title: 'name',
    defaultSort: byName,
  },
  currencies: {
    name: 'currencies',
    permission: 'currency',
    table: 'currencies',
    fields: [
      { ...code(true), max: 3 },
      name,
      { source: 'symbol', column: 'symbol', kind: 'text', max: 8, required: true, list: true },
      { source: 'countryId', column: 'country_id', kind: 'reference', reference: 'countries', required: true, list: true, filter: true },
      { source: 'minorUnits', column: 'minor_units', kind: 'integer', min: 0, max: 4, defaultValue: 2 },
      // Units of it worth one unit of the reference currency (rate 1): prices convert by it (db/src/prices.ts).
      { source: 'rate', column: 'rate', kind: 'decimal', min: 0.000001, max: 1_000_000_000, required: true, list: true, defaultValue: 1 },
      nameI18n,
    ],
    search: ['name', 'code', 'symbol'],
    unique: [['code']],
    usedBy: [
      vehiclesUsing('currency_id'),
      { table: 'carts', column: 'currency_id', label: 'resources.carts.name' },
      { table: 'payments', column: 'currency_id', label: 'usage.payments' },
    ],
    title: 'name',
    defaultSort: byName,
  },
  colors: {
    name: 'colors',
    permission: 'color',
    table: 'colors',
    fields: [name, { source: 'hex', column: 'hex', kind: 'hex', required: true, list: true }, code(), nameI18n],
    search: ['name', 'code', 'hex'],
    unique: [['code']],
    usedBy: [vehiclesUsing('color_id')],
    title: 'name',
    defaultSort: byName,
  },
  pages: {
    name: 'pages',
    permission: 'page',
    table: 'pages',
    fields: [
      name,
      { source: 'slug', column: 'slug', kind: 'code', max: 80, required: true, list: true },
      {
        source: 'section',
        column: 'section',
        kind: 'choice',
        choices: ['legal', 'company', 'help'],
        required: true,
        list: true,
        filter: true,
        defaultValue: 'help',
      },
      description(),
      { source: 'content', column: 'page_translations', kind: 'content', parentKey: 'page_id', max: 100_000, required: true },
    ],
    search: ['name', 'slug', 'description'],
    unique: [['slug']],
    usedBy: [],
    title: 'name',
    defaultSort: byName,
  },
  federers: {
    name: 'federers',
    permission: 'federer',
    table: 'federers',
    fields: [
      { ...code(true), max: 40 },
      name,
      description(),
      { source: 'issuer', column: 'issuer', kind: 'url', max: 500, list: true },
      { source: 'clientId', column: 'client_id', kind: 'text', max: 500 },
      { source: 'clientSecret', column: 'client_secret', kind: 'secret', max: 500 },
      { source: 'active', column: 'active', kind: 'boolean', list: true, filter: true, defaultValue: false },
    ],
    search: ['name', 'code', 'issuer'],
    unique: [['code']],
    usedBy: [{ table: 'external_identities', column: 'federer_id', label: 'resources.users.name' }],
    title: 'name',
    defaultSort: byName,
  },
  datacrons: {
    name: 'datacrons',
    permission: 'datacron',
    table: 'datacrons',
    fields: [
      name,
      { source: 'handler', column: 'handler', kind: 'choice', choices: JOB_HANDLERS, required: true, list: true, filter: true },
      { source: 'cron', column: 'cron', kind: 'cron', max: 120, required: true, list: true },
      description(),
      { source: 'active', column: 'active', kind: 'boolean', list: true, filter: true, defaultValue: true },
    ],
    search: ['name', 'handler', 'description'],
    unique: [['name']],
    usedBy: [],
    title: 'name',
    defaultSort: byName,
  },
  'cart-groups': {
    name: 'cart-groups',
    permission: 'cartgroup',
    table: 'cart_groups',
    fields: [name, { ...description(), list: true }, nameI18n, descriptionI18n],
    search: ['name', 'description'],
    unique: [],
    usedBy: [{ table: 'carts', column: 'group_id', label: 'resources.carts.name' }],
    title: 'name',
    defaultSort: byName,
  },
  carts: {
    name: 'carts',
    permission: 'cart',
    table: 'carts',
    fields: [
      name,
      { source: 'groupId', column: 'group_id', kind: 'reference', reference: 'cart-groups', required: true, list: true, filter: true },
      { source: 'price', column: 'price_minor', kind: 'money', currency: 'currencyId', required: true, list: true },
      { source: 'currencyId', column: 'currency_id', kind: 'reference', reference: 'currencies', required: true, list: true },
      { source: 'months', column: 'months', kind: 'integer', min: 1, max: 120, required: true, list: true, defaultValue: 1 },
      { source: 'isActive', column: 'is_active', kind: 'boolean', list: true, filter: true, defaultValue: true },
      description(),
      nameI18n,
      descriptionI18n,
    ],
    search: ['name', 'description'],
    unique: [],
    usedBy: [
      { table: 'cart_details', column: 'cart_id', label: 'resources.cart-details.name' },
      { table: 'subscriptions', column: 'cart_id', label: 'usage.subscriptions' },
      { table: 'payments', column: 'cart_id', label: 'usage.payments' },
    ],
    title: 'name',
    defaultSort: byName,
  },
  'cart-details': {
    name: 'cart-details',
    permission: 'cartdetail',
    table: 'cart_details',
    fields: [
      name,
      { source: 'cartId', column: 'cart_id', kind: 'reference', reference: 'carts', required: true, list: true, filter: true },
      { source: 'vehicleLimit', column: 'vehicle_limit', kind: 'limit', min: 0, max: 1_000_000, required: true, list: true },
      { source: 'photoLimit', column: 'photo_limit', kind: 'limit', min: 0, max: 50, required: true, list: true },
      { source: 'contactLimit', column: 'contact_limit', kind: 'limit', min: 0, max: 1_000_000, required: true, list: true },
      { source: 'featuredListing', column: 'featured_listing', kind: 'boolean', list: true, defaultValue: false },
      { source: 'detailedStats', column: 'detailed_stats', kind: 'boolean', list: true, defaultValue: false },
      { source: 'prioritySupport', column: 'priority_support', kind: 'boolean', list: true, defaultValue: false },
      description(),
      nameI18n,
      descriptionI18n,
    ],
    search: ['name', 'description'],
    unique: [],
    usedBy: [],
    title: 'name',
    defaultSort: byName,
  },
  // The makes and models the listings name (issue 33): a listing keeps its make and model by id.
  makes: {
    name: 'makes',
    permission: 'make',
    table: 'makes',
    fields: [name, { source: 'countryId', column: 'country_id', kind: 'reference', reference: 'countries', list: true, filter: true }],
    search: ['name'],
    unique: [['name']],
    usedBy: [
      { table: 'vehicles', column: 'brand', label: 'resources.vehicles.name', byName: {} },
      { table: 'models', column: 'make_id', label: 'usage.models' },
    ],
    title: 'name',
    defaultSort: byName,
  },
  models: {
    name: 'models',
    permission: 'model',
    table: 'models',
    fields: [
      name,
      { source: 'makeId', column: 'make_id', kind: 'reference', reference: 'makes', required: true, list: true, filter: true },
      { source: 'segment', column: 'segment', kind: 'choice', choices: MODEL_SEGMENTS, list: true, filter: true },
      // Its body (the listings' category): with the segment, the market's comparables when the model's own are few.
      { source: 'categoryId', column: 'category_id', kind: 'reference', reference: 'categories', list: true, filter: true },
    ],
    search: ['name'],
    unique: [['makeId', 'name']],
    usedBy: [
      {
        table: 'vehicles',
        column: 'model',
        label: 'resources.vehicles.name',
        byName: { parent: { source: 'makeId', column: 'brand' } },
      },
    ],
    title: 'name',
    defaultSort: byName,
  },
};

/** Sources a client may sort a list by: the declared fields but secrets and translations, plus the row's own. */
export const sortableSources = (def: ResourceDef): string[] => [
  'id',
  'createdAt',
  'updatedAt',
  ...def.fields.filter((f) => f.kind !== 'secret' && f.kind !== 'translations' && f.kind !== 'content').map((f) => f.source),
];

/**
 * Hand-written screens that show or pick rows of declared resources (the listings' category filter):
 * their permission resource, and what they point at.
 */
const HAND_WRITTEN_REFERENCES: readonly { permission: AdminResource; references: readonly ResourceName[] }[] = [
  { permission: 'vehicle', references: ['categories'] },
];

/**
 * The permission resources whose screens point at rows of `name` (cities → countries): holding any of
 * their permissions lets a caller read those rows' id and title, and nothing more
 * (docs/decisions/019-reference-reads.md).
 */
export function referrersOf(name: ResourceName): AdminResource[] {
  const declared = RESOURCE_NAMES.filter((other) =>
    RESOURCES[other].fields.some((f) => f.kind === 'reference' && f.reference === name),
  ).map((other) => RESOURCES[other].permission);
  const handWritten = HAND_WRITTEN_REFERENCES.filter((h) => h.references.includes(name)).map((h) => h.permission);
  return [...new Set([...declared, ...handWritten])];
}
