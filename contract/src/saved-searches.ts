import { z } from 'zod';

/*
 * Saved searches and their alerts (issue 17): what a member keeps, declared once for the API, which
 * names it in its document, and the saved-searches page.
 */

/** How many searches a member may keep. */
export const SAVED_SEARCH_MAX = 20;
export const FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_DESCRIPTION = '`instant`: within a minute of a match; `daily` or `weekly`: one digest; `off`: paused';

/** A search as GET /vehicles takes it, kept without page and page size. */
export type SavedQuery = Record<string, string | number | boolean>;

export const SavedSearch = z.object({
  id: z.number(),
  name: z.string(),
  query: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .meta({ description: 'As GET /vehicles takes it, without page and page size' }),
  frequency: z.enum(FREQUENCIES).meta({ description: FREQUENCY_DESCRIPTION }),
  newSinceViewed: z.number().int().meta({ description: 'Listings it found since the member last opened it' }),
  viewedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;
