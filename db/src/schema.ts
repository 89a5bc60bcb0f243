import type { PaymentStatus, SubscriptionStatus } from '@autoroute/contract/billing';
import type { SignalSeverity } from '@autoroute/contract/trust';
import type { SellerType } from '@autoroute/contract/user';
import { MARKET_RATINGS, type MarketRating } from '@autoroute/contract/vehicles';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type { PaymentStatus, SubscriptionStatus };

/** ISO-8601 UTC text, filled by the database when omitted. */
type Stamp = ColumnType<string, string | undefined, string>;
/** 0 or 1: flags are integers on every engine (docs/decisions/001-portable-schema.md). */
export type Flag = number;

interface Timestamps {
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ReferenceTable extends Timestamps {
  id: Generated<number>;
  code: string | null;
  name: string;
  /** JSON object locale → name; the plain name is the fallback. */
  name_i18n: string | null;
  description: string | null;
  description_i18n: string | null;
}

export interface FedererTable extends Timestamps {
  id: Generated<number>;
  code: string | null;
  name: string;
  description: string | null;
  issuer: string | null;
  client_id: string | null;
  client_secret: string | null;
  active: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface LanguageTable extends Timestamps {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  description_i18n: string | null;
}

export interface CountryTable extends Timestamps {
  id: Generated<number>;
  code: string;
  name: string;
  name_i18n: string | null;
}

export interface CityTable extends Timestamps {
  id: Generated<number>;
  name: string;
  name_i18n: string | null;
  country_id: number;
  /** Degrees (WGS 84), null while unknown (migration 20261210_0004). */
  latitude: number | null;
  longitude: number | null;
}

export interface CurrencyTable extends Timestamps {
  id: Generated<number>;
  code: string;
  name: string;
  name_i18n: string | null;
  symbol: string;
  minor_units: ColumnType<number, number | undefined, number>;
  country_id: number;
  /** Units of this currency worth one unit of the reference currency, whose rate is 1 (migration 20261217_0001, db/src/prices.ts). */
  rate: ColumnType<number, number | undefined, number>;
}

export interface ColorTable extends Timestamps {
  id: Generated<number>;
  code: string | null;
  name: string;
  name_i18n: string | null;
  hex: string;
}

export interface MakeTable extends Timestamps {
  id: Generated<number>;
  name: string;
  country_id: number | null;
}

export interface ModelTable extends Timestamps {
  id: Generated<number>;
  make_id: number;
  name: string;
  category_id: number | null;
  /** Its market segment (economy, family, premium, luxury, sports, supercar, utility): the market's wider comparables (migration 20261217_0001). */
  segment: string | null;
}

export interface PageTable extends Timestamps {
  id: Generated<number>;
  slug: string;
  section: ColumnType<string, string | undefined, string>;
  name: string;
  description: string | null;
}

export interface PageTranslationTable {
  page_id: number;
  locale: string;
  title: string;
  summary: ColumnType<string, string | undefined, string>;
  body: string;
}

export interface RoleTable extends Timestamps {
  id: Generated<number>;
  name: string;
  description: string | null;
}

export interface PermissionTable extends Timestamps {
  id: Generated<number>;
  name: string;
  description: string | null;
}

export interface RolePermissionTable {
  role_id: number;
  permission_id: number;
}

export type UserStatus = 'active' | 'suspended';
export type { SellerType };

export interface UserTable extends Timestamps {
  id: Generated<number>;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  name: string | null;
  phone: string | null;
  password_hash: string | null;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  email_verified_at: string | null;
  seller_type: ColumnType<SellerType, SellerType | undefined, SellerType>;
  bio: string | null;
  /** JSON array of strings. */
  urls: string | null;
  date_of_birth: string | null;
  language_id: number | null;
  theme_id: number | null;
  font: ColumnType<string, string | undefined, string>;
  /** JSON array of sidebar item names. */
  sidebar_items: string | null;
  last_login_at: string | null;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface SessionTable {
  id: string;
  user_id: number;
  user_agent: string | null;
  ip: string | null;
  remember: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: Stamp;
  last_used_at: Stamp;
  expires_at: string;
  revoked_at: string | null;
}

export interface RefreshTokenTable extends Timestamps {
  id: Generated<number>;
  session_id: string;
  token_hash: string;
  used_at: string | null;
}

export interface OneTimeCodeTable extends Timestamps {
  id: Generated<number>;
  purpose: string;
  channel: ColumnType<string, string | undefined, string>;
  user_id: number | null;
  email: string;
  session_id: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: string;
  consumed_at: string | null;
  /** What the code proves besides the email (JSON), e.g. the provider and address being linked. */
  subject: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProcessIdTable extends Timestamps {
  id: Generated<number>;
  purpose: string;
  token_hash: string;
  user_id: number | null;
  email: string;
  expires_at: string;
  consumed_at: string | null;
  /** The subject of the code whose check created it. */
  subject: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ExternalIdentityTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  federer_id: number;
  subject: string;
  email: string | null;
  access_token: string | null;
  refresh_token: string | null;
  expires_at: string | null;
}

export interface VehicleTable extends Timestamps {
  id: Generated<number>;
  owner_id: number;
  title: string;
  brand: string;
  model: string;
  register: string | null;
  year: number;
  price_minor: number;
  currency_id: number;
  /** The price in hundredths of the reference currency, written by triggers (migration 20261217_0001, db/src/prices.ts). */
  price_ref_minor: ColumnType<number | null, number | null | undefined, number | null>;
  country_id: number;
  city_id: number;
  address: string | null;
  postal_code: string | null;
  sold: ColumnType<Flag, Flag | undefined, Flag>;
  sold_at: string | null;
  /** The final price its seller gave when marking it sold, if they did (migration 20261210_0001). */
  sold_price_minor: ColumnType<number | null, number | null | undefined, number | null>;
  featured: ColumnType<Flag, Flag | undefined, Flag>;
  /** The fair-price rating and what it rests on, kept by the market job (migration 20261211_0002). */
  market_rating: ColumnType<MarketRating, MarketRating | undefined, MarketRating>;
  /** (price − estimate) / estimate; MARKET_GAP_UNKNOWN without an estimate. */
  market_gap: ColumnType<number, number | undefined, number>;
  market_estimate_minor: ColumnType<number | null, number | null | undefined, number | null>;
  market_low_minor: ColumnType<number | null, number | null | undefined, number | null>;
  market_high_minor: ColumnType<number | null, number | null | undefined, number | null>;
  market_comparables: ColumnType<number, number | undefined, number>;
  /** Which step of the comparables' widening found them (0 narrowest); null without an estimate. */
  market_step: ColumnType<number | null, number | null | undefined, number | null>;
  market_computed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 while the owner's active plan includes featured listings (migration 20261127_0001). */
  plan_featured: ColumnType<Flag, Flag | undefined, Flag>;
  /** published, pending, held or removed (migration 20261225_0001); not published: `sold` is 2, out of public reads. */
  moderation: ColumnType<ListingModeration, ListingModeration | undefined, ListingModeration>;
  category_id: number;
  color_id: number;
  mileage: number;
  fuel_type_id: number;
  type_id: number;
  transmission_id: number;
  engine_size: number | null;
  number_of_doors: number;
  number_of_seats: number;
  vin: string | null;
  insurance_expiry_date: string | null;
  description: string;
  battery_capacity: number | null;
  battery_type: string | null;
  battery_health: number | null;
  charging_time: number | null;
  fast_charging: Flag | null;
  battery_range: number | null;
  battery_consumption: number | null;
  fiscal_power: number | null;
  din_power: number | null;
  engine_power: number | null;
  torque: number | null;
  range: number | null;
  registration_date: string | null;
  number_of_owners: number | null;
  is_first_hand: Flag | null;
  emissions_standard: string | null;
  co2_emissions: number | null;
  euro_standard: string | null;
  critair: string | null;
  maintenance_history: string | null;
  accident_history: string | null;
  length: number | null;
  width: number | null;
  height: number | null;
  weight: number | null;
  wheelbase: number | null;
  trunk_volume: number | null;
  upholstery: string | null;
  origin: string | null;
  origin_country_id: number | null;
  import_status: string | null;
  imported: Flag | null;
  first_registration_country_id: number | null;
}

export interface VehicleOptionTable {
  vehicle_id: number;
  option_id: number;
}

export interface PictureRendition {
  width: number;
  height: number;
  format: string;
  key: string;
}

export interface PictureTable extends Timestamps {
  id: Generated<number>;
  owner_id: number;
  vehicle_id: number | null;
  position: ColumnType<number, number | undefined, number>;
  storage_key: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  /** JSON array of PictureRendition. */
  renditions: ColumnType<string, string | undefined, string>;
  /** The perceptual hash, 16 hexadecimal digits, and its four 16-bit bands (migration 20261224_0001); null: not hashed. */
  phash: ColumnType<string | null, string | null | undefined, string | null>;
  phash_b0: ColumnType<number | null, number | null | undefined, number | null>;
  phash_b1: ColumnType<number | null, number | null | undefined, number | null>;
  phash_b2: ColumnType<number | null, number | null | undefined, number | null>;
  phash_b3: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface UserVehicleTable {
  user_id: number;
  vehicle_id: number;
  created_at: Stamp;
}

export interface VehicleViewTable extends Timestamps {
  id: Generated<number>;
  vehicle_id: number;
  visitor_hash: string;
  day: string;
}

export interface NotificationTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  sender_id: number | null;
  vehicle_id: number | null;
  kind: ColumnType<string, string | undefined, string>;
  from_name: string | null;
  email: string | null;
  phone: string | null;
  message: string;
  read_at: string | null;
  /** 1 while its mail waits for the send-notification-mail job (migration 20261210_0002). */
  mail_pending: ColumnType<Flag, Flag | undefined, Flag>;
  /** The saved search whose alert this is (migration 20261210_0003). */
  saved_search_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The conversation a new message belongs to (migration 20261211_0001). */
  conversation_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type SavedSearchFrequency = 'instant' | 'daily' | 'weekly' | 'off';

/** A member's saved search (migration 20261210_0003): the query of GET /vehicles, named, with its alerts. */
export interface SavedSearchTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** JSON: the search's parameters as GET /vehicles takes them. */
  query: string;
  frequency: SavedSearchFrequency;
  viewed_at: ColumnType<string, string | undefined, string>;
  digest_at: string | null;
  created_at: ColumnType<string, string | undefined, never>;
  updated_at: ColumnType<string, string | undefined, string>;
}

/** A listing a saved search found, once (migration 20261210_0003); notified_at null while it waits for a digest. */
export interface SavedSearchMatchTable {
  saved_search_id: number;
  vehicle_id: number;
  matched_at: ColumnType<string, string | undefined, never>;
  notified_at: string | null;
}

/** A price a listing has had (migration 20261210_0001): written when its price or currency changes. */
export interface VehiclePriceTable {
  id: Generated<number>;
  vehicle_id: number;
  price_minor: number;
  currency_id: number;
  created_at: ColumnType<string, string | undefined, never>;
}

/** That a buyer wrote to a seller about a listing: what statistics and plan limits count (the message is a notification). */
export interface ContactTable {
  id: Generated<number>;
  seller_id: number;
  vehicle_id: number | null;
  sender_id: number | null;
  /** The message in the seller's inbox; null once they deleted it. */
  notification_id: number | null;
  /** The conversation the message opened (migration 20261211_0001). */
  conversation_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: ColumnType<string, string | undefined, never>;
}

/** How far a job got (migration 20261211_0003): kept apart from `settings`, whose writes move the site version. */
export interface JobMarkTable {
  name: string;
  /** JSON. */
  value: string;
}

export type ListingEventKind = 'published' | 'repriced';

/**
 * The alert worker's outbox (migration 20261215_0001, docs/decisions/042): a listing published or
 * repriced, written in the seller's transaction, claimed by one process with a lease, deleted once done.
 */
export interface ListingEventTable {
  id: Generated<number>;
  vehicle_id: number;
  kind: ListingEventKind;
  created_at: ColumnType<string, string | undefined, never>;
  claimed_until: string | null;
  claimed_by: string | null;
  attempts: ColumnType<number, number | undefined, number>;
}

/**
 * A fraud signal on a listing (migration 20261222_0002, docs/decisions/052): one per kind, replaced
 * when the listing is written. `details` is JSON text of the facts that raised it.
 */
export interface ListingSignalTable {
  id: Generated<number>;
  vehicle_id: number;
  kind: string;
  severity: SignalSeverity;
  details: string;
  created_at: ColumnType<string, string | undefined, never>;
}

/**
 * The listings the in-process search postings must read again (migration 20261216_0001,
 * docs/decisions/044): written by triggers, kept an hour.
 */
export interface SearchChangeTable {
  id: Generated<number>;
  vehicle_id: number;
  /** PostgreSQL: the writing transaction's id (`pg_current_xact_id`); null on SQLite. */
  tx: ColumnType<string | number | null, never, never>;
  created_at: ColumnType<string, string | undefined, never>;
}

export type ConversationSide = 'buyer' | 'seller';

/** A buyer and a seller writing about a listing (migration 20261211_0001). */
export interface ConversationTable {
  id: Generated<number>;
  vehicle_id: number | null;
  title: string;
  seller_id: number;
  /** Null for a guest, known by the contact fields they gave. */
  buyer_id: number | null;
  buyer_name: string;
  buyer_email: string | null;
  buyer_phone: string | null;
  buyer_shared: ColumnType<Flag, Flag | undefined, Flag>;
  seller_shared: ColumnType<Flag, Flag | undefined, Flag>;
  blocked_by: ConversationSide | null;
  /** Signs a guest's links; null for a member or once revoked. */
  guest_key: string | null;
  /** A guest's language (a locale code) when they wrote (migration 20261218_0004): their mails are in it. Null for a member. */
  buyer_language: string | null;
  buyer_read_id: ColumnType<number, number | undefined, number>;
  seller_read_id: ColumnType<number, number | undefined, number>;
  last_message_at: Stamp;
  created_at: ColumnType<string, string | undefined, never>;
  /** When the buyer's invitation to review the seller was dealt with (migration 20261224_0021): mailed once, or skipped by their preferences. */
  review_invited_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MessageTable {
  id: Generated<number>;
  conversation_id: number;
  sender: ConversationSide;
  body: string;
  created_at: ColumnType<string, string | undefined, never>;
}

export type NotificationType = 'all' | 'mentions' | 'none';

export interface NotificationPreferenceTable {
  user_id: number;
  type: ColumnType<NotificationType, NotificationType | undefined, NotificationType>;
  email: ColumnType<Flag, Flag | undefined, Flag>;
  mobile: ColumnType<Flag, Flag | undefined, Flag>;
  communication: ColumnType<Flag, Flag | undefined, Flag>;
  marketing: ColumnType<Flag, Flag | undefined, Flag>;
  social: ColumnType<Flag, Flag | undefined, Flag>;
  security: ColumnType<Flag, Flag | undefined, Flag>;
  /** Each topic in the inbox and by mail, messages by mail (migration 20261220_0010); 1 by default. */
  price_drop_inbox: ColumnType<Flag, Flag | undefined, Flag>;
  price_drop_email: ColumnType<Flag, Flag | undefined, Flag>;
  saved_search_inbox: ColumnType<Flag, Flag | undefined, Flag>;
  saved_search_email: ColumnType<Flag, Flag | undefined, Flag>;
  message_email: ColumnType<Flag, Flag | undefined, Flag>;
  updated_at: Stamp;
}

export interface UserProviderTable {
  user_id: number;
  provider_id: number;
  address: string | null;
  is_notifiable: ColumnType<Flag, Flag | undefined, Flag>;
  linked_at: Stamp;
}

export interface CartGroupTable extends Timestamps {
  id: Generated<number>;
  name: string;
  /** JSON object locale → name; the plain name is the fallback. */
  name_i18n: string | null;
  description: string | null;
  description_i18n: string | null;
}

export interface CartTable extends Timestamps {
  id: Generated<number>;
  name: string;
  name_i18n: string | null;
  price_minor: number;
  currency_id: number;
  months: number;
  is_active: ColumnType<Flag, Flag | undefined, Flag>;
  description: string | null;
  description_i18n: string | null;
  group_id: number;
}

export interface CartDetailTable extends Timestamps {
  id: Generated<number>;
  name: string;
  name_i18n: string | null;
  description: string | null;
  description_i18n: string | null;
  cart_id: number;
  /** null is unlimited. */
  vehicle_limit: number | null;
  photo_limit: number | null;
  contact_limit: number | null;
  featured_listing: ColumnType<Flag, Flag | undefined, Flag>;
  detailed_stats: ColumnType<Flag, Flag | undefined, Flag>;
  priority_support: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface PaymentTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  cart_id: number;
  amount_minor: number;
  currency_id: number;
  provider: string;
  provider_ref: string | null;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  paid_at: string | null;
}

export interface PaymentEventTable {
  id: string;
  type: string;
  received_at: Stamp;
}

export interface SubscriptionTable extends Timestamps {
  id: Generated<number>;
  user_id: number;
  cart_id: number;
  payment_id: number | null;
  status: ColumnType<SubscriptionStatus, SubscriptionStatus | undefined, SubscriptionStatus>;
  started_at: string;
  expires_at: string;
  reminded_at: string | null;
}

export interface DatacronTable extends Timestamps {
  id: Generated<number>;
  name: string;
  handler: string;
  cron: string;
  description: string | null;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  locked_until: string | null;
  locked_by: string | null;
  /** The scheduled instant of the latest scheduled run, whichever process ran it. */
  last_tick: string | null;
}

export type RunTrigger = 'schedule' | 'manual';
/** 'skipped': the job had nothing to do here (a SQLite backup on PostgreSQL). */
export type RunOutcome = 'running' | 'success' | 'error' | 'skipped';

export interface DatacronRunTable {
  id: Generated<number>;
  datacron_id: number;
  trigger: ColumnType<RunTrigger, RunTrigger | undefined, RunTrigger>;
  started_at: string;
  finished_at: string | null;
  outcome: ColumnType<RunOutcome, RunOutcome | undefined, RunOutcome>;
  error: string | null;
  /** What the run did, in a line (migration 20261126_0001). */
  summary: string | null;
}

/** One UTC day of figures, written by the recompute-stats job (migration 20261126_0002). */
export interface DailyStatTable {
  /** YYYY-MM-DD */
  day: string;
  new_users: ColumnType<number, number | undefined, number>;
  new_listings: ColumnType<number, number | undefined, number>;
  views: ColumnType<number, number | undefined, number>;
  contacts: ColumnType<number, number | undefined, number>;
  /** Totals when the day was last counted; null for a day no run saw. */
  users: number | null;
  listed: number | null;
  sold: number | null;
  premium: number | null;
  updated_at: Stamp;
}

export interface SettingTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: Stamp;
}

export type { MarketRating };
/** One row: bumped by triggers on every change to `vehicles` (migration 20261125_0002). */
/** Ratings of a price against its market, from the best deal to the worst (issue 17). */
export { MARKET_RATINGS };
/** `market_gap` of a listing without an estimate: the best-deal order puts it last. */
export const MARKET_GAP_UNKNOWN = 1_000_000;

/** Make-and-model groups whose ratings wait to be computed again (migration 20261211_0002). */
export interface MarketStaleTable {
  brand: string;
  model: string;
  version: Generated<number>;
}

export interface CatalogueVersionTable {
  version: number;
}

/** Bumped by triggers whenever what public pages show changes, apart from vehicles (migration 20261206_0001). */
export interface SiteVersionTable {
  version: number;
}

/** Moved by any change to likes (migration 20261212_0001): only a vehicle's page and detail show them. */
export interface LikesVersionTable {
  version: number;
}

/**
 * A listing's version (migration 20261213_0001): moved with its row, pictures, options, price history,
 * likes and its seller's public fields. No row: never changed since it was inserted (version 0).
 */
export interface VehicleVersionTable {
  vehicle_id: number;
  version: number;
}

export type SupportStatus = 'open' | 'closed';

/** A request to our support team (migration 20261129_0003): a member's (user_id) or a guest's. */
export interface SupportRequestTable extends Timestamps {
  id: Generated<number>;
  /** null for a guest, or once the member's account is deleted. */
  user_id: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** 1 when the member's plan in force had priority support. */
  priority: ColumnType<Flag, Flag | undefined, Flag>;
  status: ColumnType<SupportStatus, SupportStatus | undefined, SupportStatus>;
  closed_at: string | null;
}

export type ReportTargetKind = 'listing' | 'seller' | 'message' | 'review';
/** open until its case is decided; then actioned (something was restricted) or dismissed. */
export type ReportStatus = 'open' | 'actioned' | 'dismissed';

/** A notice of illegal or misleading content (migration 20261222_0001, docs/decisions/051-reports.md). */
export interface ReportTable {
  id: Generated<number>;
  target_kind: ReportTargetKind;
  target_id: number;
  /** One of REPORT_REASONS (@autoroute/contract/reports). */
  reason: string;
  details: string | null;
  /** null for a guest, or once the member's account is deleted. */
  reporter_user_id: number | null;
  /** `user:<id>` or `email:<address>`: one notice per reporter, target and reason. */
  reporter_key: string;
  /** A guest's confirmed address; a member's account address. */
  reporter_email: string;
  reporter_name: string;
  /** A locale code (`fr_FR`): the reporter is written to in it. */
  reporter_language: string;
  /** 1 when the reporter stated their notice is accurate and complete in good faith (DSA art. 16(2)(d)). */
  good_faith: ColumnType<Flag, Flag | undefined, Flag>;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  /** The moderation case the report joined (migration 20261225_0001). */
  case_id: number | null;
  created_at: ColumnType<string, string | undefined, never>;
}

export type ListingModeration = 'published' | 'pending' | 'held' | 'removed';
export type CaseStatus = 'open' | 'in_review' | 'decided' | 'appealed' | 'closed';
export type CaseTargetKind = 'listing' | 'seller' | 'message' | 'review';

/** What the team decides about: one target and its reports (migration 20261225_0001, docs/decisions/057). */
export interface ModerationCaseTable {
  id: Generated<number>;
  target_kind: CaseTargetKind;
  target_id: number;
  /** Whose content it is: told each decision, may appeal it. */
  subject_user_id: number | null;
  target_label: string;
  status: ColumnType<CaseStatus, CaseStatus | undefined, CaseStatus>;
  risk: ColumnType<number, number | undefined, number>;
  /** Distinct reporters. */
  reporters: ColumnType<number, number | undefined, number>;
  assignee_id: number | null;
  appeal: string | null;
  appealed_at: string | null;
  opened_at: ColumnType<string, string | undefined, string>;
  updated_at: ColumnType<string, string | undefined, string>;
  decided_at: string | null;
  closed_at: string | null;
}

/** A decision on a case or on its appeal, with the statement of reasons sent (DSA art. 17). */
export interface ModerationDecisionTable {
  id: Generated<number>;
  case_id: number;
  stage: 'decision' | 'appeal';
  action: string;
  ground: string | null;
  facts: string;
  automated: ColumnType<Flag, Flag | undefined, Flag>;
  unfounded: ColumnType<Flag, Flag | undefined, Flag>;
  decided_by: number | null;
  language: string | null;
  statement: string | null;
  decided_at: ColumnType<string, string | undefined, string>;
}

/** A reporter's notices found manifestly unfounded, and their reports' suspension (DSA art. 23). */
export interface ReporterStandingTable {
  reporter_key: string;
  unfounded: ColumnType<number, number | undefined, number>;
  suspended_until: string | null;
  updated_at: ColumnType<string, string | undefined, string>;
}

export type ReviewStatus = 'pending' | 'published' | 'rejected' | 'removed';

/** A buyer's review of a seller, one per conversation (migration 20261223_0001, issue 35 item 6). */
export interface ReviewTable {
  id: Generated<number>;
  conversation_id: number | null;
  seller_id: number;
  author_id: number | null;
  /** The name shown with the review, as it was when written. */
  author_name: string;
  vehicle_id: number | null;
  vehicle_title: string | null;
  /** 1-5 stars overall, and for communication and the listing's accuracy. */
  rating: number;
  communication: number;
  accuracy: number;
  recommend: Flag;
  body: string;
  /** A locale code (`fr_FR`). */
  language: string;
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  rejected_reason: string | null;
  reply: string | null;
  replied_at: string | null;
  published_at: string | null;
  created_at: ColumnType<string, string | undefined, never>;
}

export type TraderStatus = 'pending' | 'verified' | 'refused';

/** A professional seller's identity (DSA art. 30-31; migration 20261224_0011), checked by an administrator. */
export interface TraderTable {
  user_id: number;
  legal_name: string;
  address: string;
  registration_number: string;
  email: string;
  phone: string;
  status: ColumnType<TraderStatus, TraderStatus | undefined, TraderStatus>;
  refusal_reason: string | null;
  submitted_at: string;
  decided_at: string | null;
  decided_by: number | null;
}

/** A rental listing's terms (migration 20261226_0001, docs/decisions/059-rentals-and-bookings.md). */
export interface RentalTermsTable {
  vehicle_id: number;
  discount_3: ColumnType<number, number | undefined, number>;
  discount_7: ColumnType<number, number | undefined, number>;
  discount_30: ColumnType<number, number | undefined, number>;
  min_days: ColumnType<number, number | undefined, number>;
  max_days: ColumnType<number, number | undefined, number>;
  notice_hours: ColumnType<number, number | undefined, number>;
  horizon_days: ColumnType<number, number | undefined, number>;
  buffer_hours: ColumnType<number, number | undefined, number>;
  pickup_place: string | null;
  return_place: string | null;
  pickup_from: ColumnType<string, string | undefined, string>;
  pickup_until: ColumnType<string, string | undefined, string>;
  return_from: ColumnType<string, string | undefined, string>;
  return_until: ColumnType<string, string | undefined, string>;
  time_zone: ColumnType<string, string | undefined, string>;
  deposit_minor: ColumnType<number, number | undefined, number>;
  km_per_day: number | null;
  extra_km_minor: ColumnType<number, number | undefined, number>;
  min_driver_age: ColumnType<number, number | undefined, number>;
  min_licence_years: ColumnType<number, number | undefined, number>;
  cancellation: ColumnType<CancellationPolicy, CancellationPolicy | undefined, CancellationPolicy>;
  instant_book: ColumnType<Flag, Flag | undefined, Flag>;
  ical_token: string;
  created_at: Stamp;
  updated_at: Stamp;
}

export type CancellationPolicy = 'flexible' | 'moderate' | 'strict';
export type BookingState = 'requested' | 'accepted' | 'declined' | 'expired' | 'cancelled' | 'active' | 'completed';
export type BookingSide = 'renter' | 'owner';

/** Another platform's calendar a listing imports (migration 20261226_0001). */
export interface CalendarImportTable {
  id: Generated<number>;
  vehicle_id: number;
  url: string;
  name: string | null;
  etag: string | null;
  last_modified: string | null;
  polled_at: string | null;
  changed_at: string | null;
  status: string | null;
  error: string | null;
  created_at: Stamp;
}

/** Days a rental is closed: the owner's (once or weekly) or an imported calendar's events. */
export interface AvailabilityBlockTable {
  id: Generated<number>;
  vehicle_id: number;
  kind: 'once' | 'weekly';
  starts_on: string;
  /** Exclusive; null for a weekly block without end. */
  ends_on: string | null;
  weekday: number | null;
  note: string | null;
  source: ColumnType<'owner' | 'import', 'owner' | 'import' | undefined, 'owner' | 'import'>;
  import_id: number | null;
  uid: string | null;
  sequence: ColumnType<number, number | undefined, number>;
  conflict_booking_id: number | null;
  created_at: Stamp;
  updated_at: Stamp;
}

/** One renter's dates on one car (migration 20261226_0001). */
export interface BookingTable {
  id: Generated<number>;
  vehicle_id: number;
  owner_id: number;
  renter_id: number | null;
  state: BookingState;
  instant: ColumnType<Flag, Flag | undefined, Flag>;
  start_on: string;
  end_on: string;
  start_at: string;
  end_at: string;
  /** Minutes since the epoch: [start, end + buffer). */
  span_from: number;
  span_to: number;
  time_zone: string;
  /** The renter's zone when they booked (migration 20261226_0002); null: the car's. */
  renter_time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  days: number;
  currency_id: number;
  /** JSON: the price's lines. */
  lines: string;
  total_minor: number;
  deposit_minor: ColumnType<number, number | undefined, number>;
  /** JSON: the terms when booked. */
  terms: string;
  cancellation: CancellationPolicy;
  message: string | null;
  conversation_id: number | null;
  expires_at: string | null;
  payment_state: ColumnType<string, string | undefined, string>;
  payment_ref: string | null;
  refund_minor: number | null;
  deposit_state: ColumnType<string, string | undefined, string>;
  deposit_ref: string | null;
  deposit_release_at: string | null;
  /** When the deposit's hold on the renter's card was placed (migration 20261227_0001): renewed before it lapses. */
  deposit_held_at: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled_by: string | null;
  cancel_reason: string | null;
  sequence: ColumnType<number, number | undefined, number>;
  created_at: Stamp;
  updated_at: Stamp;
  accepted_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  closed_at: string | null;
}

/** A booking's transitions: its audit trail. */
export interface BookingEventTable {
  id: Generated<number>;
  booking_id: number;
  from_state: string | null;
  to_state: string;
  actor: 'renter' | 'owner' | 'admin' | 'system';
  actor_id: number | null;
  detail: string | null;
  at: Stamp;
}

/** A pickup or return report by one side. */
export interface BookingHandoverTable {
  id: Generated<number>;
  booking_id: number;
  stage: 'pickup' | 'return';
  side: BookingSide;
  author_id: number | null;
  odometer: number;
  fuel: number;
  damage: string | null;
  /** JSON array of picture ids. */
  pictures: ColumnType<string, string | undefined, string>;
  created_at: Stamp;
}

export interface BookingReminderTable {
  booking_id: number;
  kind: string;
  sent_at: Stamp;
}

/** A review after a completed rental, by the renter (of the car and owner) or the owner (of the renter). */
export interface BookingReviewTable {
  id: Generated<number>;
  booking_id: number;
  side: BookingSide;
  author_id: number | null;
  subject_id: number | null;
  author_name: string;
  rating: number;
  body: string;
  language: string;
  created_at: Stamp;
}

export type AuditAction = 'create' | 'update' | 'delete' | 'run';

/** One write made through the admin API (migration 20261202_0001, docs/decisions/020-audit-log.md). */
export interface AuditLogTable {
  id: Generated<number>;
  /** The administrator who made it; not a foreign key, the log outlives them. */
  user_id: number;
  at: string;
  action: AuditAction;
  /** The admin API's resource name (`colors`, `users`, `settings`). */
  resource: string;
  record_id: string;
  /** JSON snapshots, secrets redacted; null before a create and after a delete. */
  before: string | null;
  after: string | null;
}

export interface Database {
  categories: ReferenceTable;
  transmissions: ReferenceTable;
  fuel_types: ReferenceTable;
  options: ReferenceTable;
  types: ReferenceTable;
  themes: ReferenceTable;
  providers: ReferenceTable;
  federers: FedererTable;
  languages: LanguageTable;
  countries: CountryTable;
  cities: CityTable;
  currencies: CurrencyTable;
  colors: ColorTable;
  makes: MakeTable;
  models: ModelTable;
  pages: PageTable;
  page_translations: PageTranslationTable;
  roles: RoleTable;
  permissions: PermissionTable;
  role_permissions: RolePermissionTable;
  users: UserTable;
  user_roles: UserRoleTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  one_time_codes: OneTimeCodeTable;
  process_ids: ProcessIdTable;
  external_identities: ExternalIdentityTable;
  vehicles: VehicleTable;
  vehicle_options: VehicleOptionTable;
  pictures: PictureTable;
  likes: UserVehicleTable;
  favorites: UserVehicleTable;
  vehicle_views: VehicleViewTable;
  notifications: NotificationTable;
  contacts: ContactTable;
  conversations: ConversationTable;
  messages: MessageTable;
  job_marks: JobMarkTable;
  listing_events: ListingEventTable;
  listing_signals: ListingSignalTable;
  search_changes: SearchChangeTable;
  vehicle_prices: VehiclePriceTable;
  saved_searches: SavedSearchTable;
  saved_search_matches: SavedSearchMatchTable;
  notification_preferences: NotificationPreferenceTable;
  user_providers: UserProviderTable;
  cart_groups: CartGroupTable;
  carts: CartTable;
  cart_details: CartDetailTable;
  payments: PaymentTable;
  payment_events: PaymentEventTable;
  subscriptions: SubscriptionTable;
  datacrons: DatacronTable;
  datacron_runs: DatacronRunTable;
  daily_stats: DailyStatTable;
  settings: SettingTable;
  catalogue_version: CatalogueVersionTable;
  market_stale: MarketStaleTable;
  site_version: SiteVersionTable;
  likes_version: LikesVersionTable;
  vehicle_versions: VehicleVersionTable;
  support_requests: SupportRequestTable;
  reports: ReportTable;
  reviews: ReviewTable;
  moderation_cases: ModerationCaseTable;
  moderation_decisions: ModerationDecisionTable;
  reporter_standing: ReporterStandingTable;
  traders: TraderTable;
  rental_terms: RentalTermsTable;
  calendar_imports: CalendarImportTable;
  availability_blocks: AvailabilityBlockTable;
  bookings: BookingTable;
  booking_events: BookingEventTable;
  booking_handovers: BookingHandoverTable;
  booking_reminders: BookingReminderTable;
  booking_reviews: BookingReviewTable;
  audit_log: AuditLogTable;
}

export type Vehicle = Selectable<VehicleTable>;
export type NewVehicle = Insertable<VehicleTable>;
export type VehicleUpdate = Updateable<VehicleTable>;
export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type Picture = Selectable<PictureTable>;
