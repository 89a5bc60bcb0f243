/** The API's shapes, declared once in @autoroute/contract (type-only: nothing of the API is bundled). */
export type { Conversation, ConversationList } from '@autoroute/contract/conversations';
export type { MyTrader, SellerPage } from '@autoroute/contract/sellers';
export type { ContentPage, PersonalFragment, SearchConfig, SiteInfo, UserConfig } from '@autoroute/contract/site';
export type { User as UserPayload } from '@autoroute/contract/user';
export type { ListResponse, MyVehicleSummary, Vehicle as VehicleDetail, VehicleSummary } from '@autoroute/contract/vehicles';
