/** The API's shapes, inferred from its zod schemas (type-only: nothing of the API is bundled). */
import type { UserConfig } from '@autoroute/api';

export type {
  ContentPage,
  Conversation,
  ConversationList,
  ListResponse,
  PersonalFragment,
  SiteInfo,
  UserConfig,
  UserPayload,
  VehicleDetail,
  VehicleSummary,
} from '@autoroute/api';

/** The reference lists of GET /api/v1/user/config that the search filters offer. */
export type SearchConfig = Pick<
  UserConfig,
  'categories' | 'types' | 'fuelTypes' | 'transmissions' | 'colors' | 'countries' | 'cities' | 'currencies' | 'makes'
>;
