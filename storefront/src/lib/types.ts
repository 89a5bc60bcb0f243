/** The API's shapes, inferred from its zod schemas (type-only: nothing of the API is bundled). */
export type { ContentPage, ListResponse, SiteInfo, UserPayload, VehicleDetail, VehicleSummary } from '@autoroute/api';
