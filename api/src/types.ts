import type { z } from '@hono/zod-openapi';
import type { PersonalFragment as PersonalFragmentSchema } from './routes/me/me.schemas.ts';
import type { Page as PageSchema } from './routes/pages/pages.routes.ts';
import type { SiteInfo as SiteInfoSchema } from './routes/site/site.routes.ts';
import type { ListMeta, Vehicle, VehicleSummary as VehicleSummarySchema } from './routes/vehicles/vehicles.schemas.ts';

/** Response shapes for the storefront's type checks: inferred from the route schemas, never restated. */
export type VehicleSummary = z.infer<typeof VehicleSummarySchema>;
export type VehicleDetail = z.infer<typeof Vehicle>;
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
export type ContentPage = z.infer<typeof PageSchema>;
export type PersonalFragment = z.infer<typeof PersonalFragmentSchema>;
export interface ListResponse<T> {
  data: T[];
  meta: z.infer<typeof ListMeta>;
}
