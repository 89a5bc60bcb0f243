import { fromFlag } from '@autoroute/db';

/** What a plan allows (SPEC §3 Cart detail); null is unlimited. */
export interface Limits {
  vehicleLimit: number | null;
  photoLimit: number | null;
  contactLimit: number | null;
  featuredListing: boolean;
  detailedStats: boolean;
  prioritySupport: boolean;
}

/**
 * The free plan: what everyone without an active subscription may do. Declared here rather than
 * seeded because it is not something one buys, and must hold even when an administrator deletes
 * every cart (docs/decisions/011-plans-and-payments.md).
 */
export const FREE_LIMITS: Readonly<Limits> = Object.freeze({
  vehicleLimit: 3,
  photoLimit: 10,
  contactLimit: 20,
  featuredListing: false,
  detailedStats: false,
  prioritySupport: false,
});

/** A cart detail row's columns; a plan read through a left join has them all null without one. */
export interface DetailColumns {
  vehicle_limit: number | null;
  photo_limit: number | null;
  contact_limit: number | null;
  featured_listing: number | null;
  detailed_stats: number | null;
  priority_support: number | null;
}

/** A cart detail row as limits; a cart without details gives what the free plan gives. */
export function limitsOf(d: DetailColumns | null | undefined): Limits {
  if (!d || d.featured_listing === null) return { ...FREE_LIMITS };
  return {
    vehicleLimit: d.vehicle_limit,
    photoLimit: d.photo_limit,
    contactLimit: d.contact_limit,
    featuredListing: fromFlag(d.featured_listing),
    detailedStats: fromFlag(d.detailed_stats),
    prioritySupport: fromFlag(d.priority_support),
  };
}

/** Whether `limit` allows `count` items (null is unlimited). */
export const allows = (limit: number | null, count: number) => limit === null || count <= limit;

/** `months` calendar months after `from`, in UTC. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}
