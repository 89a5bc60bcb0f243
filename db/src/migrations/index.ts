import type { Migration } from 'kysely';
import * as m20261123_0001 from './20261123_0001_initial.ts';
import * as m20261124_0001 from './20261124_0001_vehicle_search_indexes.ts';
import * as m20261125_0001 from './20261125_0001_vehicle_sort_indexes.ts';
import * as m20261125_0002 from './20261125_0002_catalogue_version.ts';
import * as m20261126_0001 from './20261126_0001_datacron_run_summary.ts';
import * as m20261126_0002 from './20261126_0002_daily_stats.ts';
import * as m20261127_0001 from './20261127_0001_plan_featured.ts';
import * as m20261128_0001 from './20261128_0001_featured_indexes.ts';
import * as m20261129_0001 from './20261129_0001_plan_translations.ts';
import * as m20261129_0002 from './20261129_0002_featured_rank.ts';
import * as m20261129_0003 from './20261129_0003_support_requests.ts';
import * as m20261130_0001 from './20261130_0001_datacron_last_tick.ts';
import * as m20261130_0002 from './20261130_0002_contacts.ts';
import * as m20261201_0001 from './20261201_0001_console_permissions.ts';
import * as m20261202_0001 from './20261202_0001_audit_log.ts';
import * as m20261204_0001 from './20261204_0001_reference_translations.ts';
import * as m20261205_0001 from './20261205_0001_code_subject.ts';
import * as m20261206_0001 from './20261206_0001_site_version.ts';
import * as m20261207_0001 from './20261207_0001_sqlite_sort_walks.ts';
import * as m20261207_0002 from './20261207_0002_named_search.ts';
import * as m20261208_0001 from './20261208_0001_facets_carry_id.ts';
import * as m20261210_0001 from './20261210_0001_price_history.ts';
import * as m20261210_0002 from './20261210_0002_notification_mail.ts';
import * as m20261210_0003 from './20261210_0003_saved_searches.ts';
import * as m20261210_0004 from './20261210_0004_city_coordinates.ts';
import * as m20261211_0001 from './20261211_0001_conversations.ts';
import * as m20261211_0002 from './20261211_0002_market_ratings.ts';
import * as m20261211_0003 from './20261211_0003_job_marks.ts';
import * as m20261212_0001 from './20261212_0001_likes_version.ts';
import * as m20261213_0001 from './20261213_0001_listing_versions.ts';
import * as m20261214_0001 from './20261214_0001_facet_sample.ts';
import * as m20261215_0001 from './20261215_0001_listing_events.ts';
import * as m20261216_0001 from './20261216_0001_search_changes.ts';
import * as m20261217_0001 from './20261217_0001_compared_prices.ts';
import * as m20261218_0004 from './20261218_0004_guest_language.ts';
import * as m20261220_0010 from './20261220_0010_notification_topics.ts';
import * as m20261221_0001 from './20261221_0001_catalogue_permissions.ts';
import * as m20261222_0001 from './20261222_0001_reports.ts';
import * as m20261222_0002 from './20261222_0002_listing_signals.ts';
import * as m20261223_0001 from './20261223_0001_reviews.ts';
import * as m20261224_0001 from './20261224_0001_picture_hashes.ts';
import * as m20261224_0011 from './20261224_0011_traders.ts';
import * as m20261224_0021 from './20261224_0021_review_invitations.ts';
import * as m20261225_0001 from './20261225_0001_moderation.ts';
import * as m20261225_0002 from './20261225_0002_moderation_permissions.ts';
import * as m20261226_0001 from './20261226_0001_rentals.ts';
import * as m20261226_0002 from './20261226_0002_booking_clock.ts';
import * as m20261226_0201 from './20261226_0201_calendar_imports_job.ts';
import * as m20261226_0301 from './20261226_0301_bookings_holding_days.ts';
import * as m20261226_0401 from './20261226_0401_booking_permissions.ts';
import * as m20261227_0001 from './20261227_0001_booking_cards.ts';

/**
 * Every migration, by its sortable name. Listed rather than read from the folder so that the same
 * code runs under tsx, vitest and a bundler (docs/decisions/002-migration-list.md). Append only.
 */
export const migrations: Record<string, Migration> = {
  '20261123_0001_initial': m20261123_0001,
  '20261124_0001_vehicle_search_indexes': m20261124_0001,
  '20261125_0001_vehicle_sort_indexes': m20261125_0001,
  '20261125_0002_catalogue_version': m20261125_0002,
  '20261126_0001_datacron_run_summary': m20261126_0001,
  '20261126_0002_daily_stats': m20261126_0002,
  '20261127_0001_plan_featured': m20261127_0001,
  '20261128_0001_featured_indexes': m20261128_0001,
  '20261129_0001_plan_translations': m20261129_0001,
  '20261129_0002_featured_rank': m20261129_0002,
  '20261129_0003_support_requests': m20261129_0003,
  '20261130_0001_datacron_last_tick': m20261130_0001,
  '20261130_0002_contacts': m20261130_0002,
  '20261201_0001_console_permissions': m20261201_0001,
  '20261202_0001_audit_log': m20261202_0001,
  '20261204_0001_reference_translations': m20261204_0001,
  '20261205_0001_code_subject': m20261205_0001,
  '20261206_0001_site_version': m20261206_0001,
  '20261207_0001_sqlite_sort_walks': m20261207_0001,
  '20261207_0002_named_search': m20261207_0002,
  '20261208_0001_facets_carry_id': m20261208_0001,
  '20261210_0001_price_history': m20261210_0001,
  '20261210_0002_notification_mail': m20261210_0002,
  '20261210_0003_saved_searches': m20261210_0003,
  '20261210_0004_city_coordinates': m20261210_0004,
  '20261211_0001_conversations': m20261211_0001,
  '20261211_0002_market_ratings': m20261211_0002,
  '20261211_0003_job_marks': m20261211_0003,
  '20261212_0001_likes_version': m20261212_0001,
  '20261213_0001_listing_versions': m20261213_0001,
  '20261214_0001_facet_sample': m20261214_0001,
  '20261215_0001_listing_events': m20261215_0001,
  '20261216_0001_search_changes': m20261216_0001,
  '20261217_0001_compared_prices': m20261217_0001,
  '20261218_0004_guest_language': m20261218_0004,
  '20261220_0010_notification_topics': m20261220_0010,
  '20261221_0001_catalogue_permissions': m20261221_0001,
  '20261222_0001_reports': m20261222_0001,
  '20261222_0002_listing_signals': m20261222_0002,
  '20261223_0001_reviews': m20261223_0001,
  '20261224_0001_picture_hashes': m20261224_0001,
  '20261224_0011_traders': m20261224_0011,
  '20261224_0021_review_invitations': m20261224_0021,
  '20261225_0001_moderation': m20261225_0001,
  '20261225_0002_moderation_permissions': m20261225_0002,
  '20261226_0001_rentals': m20261226_0001,
  '20261226_0002_booking_clock': m20261226_0002,
  '20261226_0201_calendar_imports_job': m20261226_0201,
  '20261226_0301_bookings_holding_days': m20261226_0301,
  '20261226_0401_booking_permissions': m20261226_0401,
  '20261227_0001_booking_cards': m20261227_0001,
};
