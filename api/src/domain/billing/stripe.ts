import Stripe from 'stripe';
import type { Config } from '../../core/config.ts';

/**
 * Stripe's own client, or null when no secret key is configured (then checkout runs in local test
 * mode and a booking's money is recorded as due at pickup). `config.stripe.api` points it at another
 * host: tests start a local fake of Stripe's API.
 */
function createStripe(config: Config): Stripe | null {
  const { secretKey, api } = config.stripe;
  if (!secretKey) return null;
  return new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 20_000, ...(api ?? {}) });
}

/** One client per configuration: the plans' checkout, the bookings' card payments and the jobs share it. */
const clients = new WeakMap<Config, Stripe | null>();
export function stripeFor(config: Config): Stripe | null {
  if (!clients.has(config)) clients.set(config, createStripe(config));
  return clients.get(config) ?? null;
}
