import Stripe from 'stripe';
import type { Config } from '../../core/config.ts';

/**
 * Stripe's own client, or null when no secret key is configured (then checkout runs in local test
 * mode). `config.stripe.api` points it at another host: tests start a local fake of Stripe's API.
 */
export function createStripe(config: Config): Stripe | null {
  const { secretKey, api } = config.stripe;
  if (!secretKey) return null;
  return new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 20_000, ...(api ?? {}) });
}
