import type { z } from '@hono/zod-openapi';
import type { LimitsSchema, PaymentSchema, PlansSchema, SubscriptionSchema } from './routes/billing/billing.schemas.ts';
import type {
  ConversationList as ConversationListSchema,
  Conversation as ConversationSchema,
} from './routes/conversations/conversations.schemas.ts';
import type { PersonalFragment as PersonalFragmentSchema } from './routes/me/me.schemas.ts';
import type { Page as PageSchema } from './routes/pages/pages.routes.ts';
import type { SiteInfo as SiteInfoSchema } from './routes/site/site.routes.ts';
import type { UserConfig as UserConfigSchema } from './routes/user/user.routes.ts';
import type { ListMeta, Vehicle, VehicleSummary as VehicleSummarySchema } from './routes/vehicles/vehicles.schemas.ts';

/** Response shapes for the storefront's type checks: inferred from the route schemas, never restated. */
export type VehicleSummary = z.infer<typeof VehicleSummarySchema>;
export type VehicleDetail = z.infer<typeof Vehicle>;
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
export type ContentPage = z.infer<typeof PageSchema>;
export type PersonalFragment = z.infer<typeof PersonalFragmentSchema>;
export type Conversation = z.infer<typeof ConversationSchema>;
export type ConversationList = z.infer<typeof ConversationListSchema>;
export interface ListResponse<T> {
  data: T[];
  meta: z.infer<typeof ListMeta>;
}
/** GET /user/config: reference lists, limits and the maintenance message. */
export type UserConfig = z.infer<typeof UserConfigSchema>;
/** What a plan allows (SPEC §3 cart detail); null means unlimited. */
export type Limits = z.infer<typeof LimitsSchema>;
export type Plans = z.infer<typeof PlansSchema>;
export type Subscription = z.infer<typeof SubscriptionSchema>;
export type CheckoutPayment = z.infer<typeof PaymentSchema>;
