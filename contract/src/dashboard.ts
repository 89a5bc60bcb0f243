import { z } from 'zod';

/**
 * GET /api/v1/admin/dashboard (SPEC §2 dashboard): the operator's figures, declared once for the
 * API, which documents and answers it, and the back office, which reads it.
 */
const Count = z.number().int();

/** The list a figure counts, with the filter that gives exactly that count as its total. */
export const DashboardLink = z.object({
  resource: z.string(),
  filter: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type DashboardLink = z.infer<typeof DashboardLink>;

export const DASHBOARD_FIGURES = [
  'live',
  'soldThisMonth',
  'newUsers',
  'activeSubscriptions',
  'contactsThisMonth',
  'supportOpen',
  'bookingsRequested',
  'bookingsAccepted',
  'bookingsActive',
  'ownerCancellations',
] as const;

/** How many days of history the dashboard answers. */
export const DASHBOARD_HISTORY_DAYS = 30;

export const Dashboard = z.object({
  live: Count.describe('Listings on sale or for rent'),
  soldThisMonth: Count,
  newUsers: Count.describe('Accounts created in the last 30 days'),
  activeSubscriptions: Count,
  contactsThisMonth: Count.describe('Messages sent to sellers since the first of the month'),
  supportOpen: Count.describe('Support requests not yet resolved'),
  supportOpenPriority: Count.describe('Of those, the priority ones'),
  bookingsRequested: Count.describe('Booking requests waiting for the owner'),
  bookingsAccepted: Count.describe('Accepted bookings not yet picked up'),
  bookingsActive: Count.describe('Rentals under way now'),
  ownerCancellations: Count.describe('Bookings cancelled by their owner in the last 30 days'),
  links: z.object(
    Object.fromEntries(DASHBOARD_FIGURES.map((f) => [f, DashboardLink])) as Record<
      (typeof DASHBOARD_FIGURES)[number],
      typeof DashboardLink
    >,
  ),
  revenueByMonth: z.array(
    z.object({
      month: z.string().describe('A month, as 2026-06'),
      currency: z.string(),
      amount: z.number(),
      link: DashboardLink.describe('The paid payments behind the amount'),
    }),
  ),
  rentalRevenue: z
    .array(
      z.object({
        currency: z.string(),
        amount: z.number(),
        bookings: Count,
        link: DashboardLink.describe('The bookings behind the amount'),
      }),
    )
    .describe('The price of the bookings accepted since the first of the month, less their refunds, by currency'),
  listingsPerCategory: z.array(z.object({ categoryId: z.number(), name: z.string(), count: Count, link: DashboardLink })),
  latestListings: z.array(z.object({ id: z.number(), title: z.string(), price: z.number(), currency: z.string(), createdAt: z.string() })),
  latestUsers: z.array(z.object({ id: z.number(), username: z.string(), email: z.string(), createdAt: z.string() })),
  history: z
    .array(
      z.object({
        day: z.string().describe('A day, as 2026-11-23'),
        newUsers: Count,
        newListings: Count,
        views: Count,
        contacts: Count.describe('Messages sent to sellers'),
        users: Count.nullable(),
        listed: Count.nullable(),
        sold: Count.nullable(),
        premium: Count.nullable().describe('Members with an active subscription'),
      }),
    )
    .describe(
      `The last ${DASHBOARD_HISTORY_DAYS} days counted by the recompute-stats job, oldest first; totals are null for a day no run saw`,
    ),
});
export type Dashboard = z.infer<typeof Dashboard>;
