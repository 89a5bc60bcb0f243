/** The API's shapes, inferred from its zod schemas (type-only: nothing of the API is bundled). */
export type { ContentPage, ListResponse, PersonalFragment, SiteInfo, UserPayload, VehicleDetail, VehicleSummary } from '@autoroute/api';

/** The reference lists of GET /api/v1/user/config that the search filters offer. */
interface Named {
  id: number;
  name: string;
}
export interface SearchConfig {
  categories: Named[];
  types: Named[];
  fuelTypes: Named[];
  transmissions: Named[];
  colors: Named[];
  countries: Named[];
  cities: (Named & { countryId: number })[];
  currencies: (Named & { code: string })[];
  makes: (Named & { models: Named[] })[];
}
