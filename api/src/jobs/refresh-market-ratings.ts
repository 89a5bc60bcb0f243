import { refreshStaleMarkets } from '@autoroute/db';
import type { JobHandler } from './types.ts';

/**
 * The fair-price ratings (issue 17): a seller's change only marks its make and model stale (the
 * triggers of migration 20261211_0002); each minute this job computes those groups again, one
 * transaction per group, and writes the listings whose figures moved.
 */
export const refreshMarketRatings: JobHandler = async ({ db }) => {
  const { groups, listings } = await refreshStaleMarkets(db);
  return `${groups} make and model group${groups === 1 ? '' : 's'} rated again; ${listings} listing${listings === 1 ? '' : 's'} changed`;
};
