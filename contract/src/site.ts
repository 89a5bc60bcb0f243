import { z } from 'zod';

/*
 * What every page reads (SPEC §2): the site's notice, the reference lists and limits of
 * GET /user/config, a content page, and the signed-in visitor's own part of a shared page. Declared
 * once for the API, which names them in its document, and the storefront.
 */

/** GET /site: what every page shows. */
export const SiteInfo = z.object({
  maintenanceMessage: z.string().nullable(),
  /** The language the message is written in: English where the administrators wrote none in the page's (issue 33). */
  maintenanceLanguage: z.string().nullable().optional(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

/** GET /pages/{slug}: a content page in the request language (the API names it `Page`). */
export const ContentPage = z.object({
  slug: z.string(),
  section: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  locale: z.string(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof ContentPage>;

/**
 * What is the signed-in visitor's own on a page every visitor shares (docs/decisions/024-page-cache.md):
 * the header's name, premium badge and unread count, and, on a vehicle's page, their marks on it.
 */
export const PersonalFragment = z.object({
  firstName: z.string(),
  premium: z.boolean(),
  unread: z.number().int(),
  messages: z.number().int().meta({ description: 'Unread messages over all my conversations (issue 17)' }),
  vehicle: z
    .object({ id: z.number().int(), liked: z.boolean(), favorite: z.boolean(), own: z.boolean() })
    .nullable()
    .meta({ description: 'The visitor on the vehicle asked for; null when none was asked for or it does not exist' }),
  sidebarItems: z.array(z.string()).meta({ description: 'The member menu items chosen in Settings › Display (issue 33)' }),
  theme: z.string().nullable().meta({ description: "The account's theme (light, dark, system); null when none was chosen" }),
});
export type PersonalFragment = z.infer<typeof PersonalFragment>;

const Ref = z.object({ id: z.number(), code: z.string().nullable(), name: z.string() });

/** GET /user/config: the reference lists, limits and maintenance message, in the request language. */
export const UserConfig = z.object({
  categories: z.array(Ref),
  types: z.array(Ref),
  fuelTypes: z.array(Ref),
  transmissions: z.array(Ref),
  options: z.array(Ref),
  themes: z.array(Ref),
  providers: z.array(Ref),
  colors: z.array(Ref.extend({ hex: z.string() })),
  countries: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  cities: z.array(z.object({ id: z.number(), name: z.string(), countryId: z.number() })),
  currencies: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      symbol: z.string(),
      minorUnits: z.number(),
      countryId: z.number(),
      rate: z.number().meta({ description: 'Units of it worth one unit of the reference currency: a price converts by it' }),
    }),
  ),
  makes: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      models: z.array(z.object({ id: z.number(), name: z.string(), categoryId: z.number().nullable() })),
    }),
  ),
  languages: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  limits: z.object({
    compareMax: z.number(),
    pictureMaxBytes: z.number(),
    pictureTypes: z.array(z.string()),
    // A pair (min, max) and nothing after it: the document's generator writes prefixItems alone,
    // which linters read as an array of anything.
    text: z.record(z.string(), z.tuple([z.number(), z.number()]).meta({ items: { type: 'number' }, minItems: 2, maxItems: 2 })),
    requestTimeoutMs: z.number(),
    mobileBreakpointPx: z.number(),
  }),
  maintenanceMessage: z.string().nullable(),
});
export type UserConfig = z.infer<typeof UserConfig>;

/** The reference lists of GET /user/config that the search filters offer. */
export type SearchConfig = Pick<
  UserConfig,
  'categories' | 'types' | 'fuelTypes' | 'transmissions' | 'colors' | 'countries' | 'cities' | 'currencies' | 'makes'
>;
