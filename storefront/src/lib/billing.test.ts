import { describe, expect, it } from 'vitest';
import { baseName, fromThisSite, type Limits, type Plan, toOffers } from './billing.ts';

const limits: Limits = {
  vehicleLimit: 100,
  photoLimit: 20,
  contactLimit: null,
  featuredListing: true,
  detailedStats: true,
  prioritySupport: false,
};
const plan = (id: number, name: string, months: number, price: number, l: Limits = limits): Plan => ({
  id,
  name,
  description: '',
  price,
  currency: { code: 'EUR', symbol: '€' },
  months,
  limits: l,
});

describe('plans page offers (SPEC §9: billed monthly or yearly)', () => {
  it('names a plan without its billing period', () => {
    expect(baseName('Pro (monthly)')).toBe('Pro');
    expect(baseName('Pro (yearly)')).toBe('Pro');
    expect(baseName('Pro — yearly')).toBe('Pro');
    expect(baseName('Dealer')).toBe('Dealer');
  });

  it('pairs the monthly and yearly carts of one plan and tells the yearly saving', () => {
    const offers = toOffers([plan(1, 'Pro (monthly)', 1, 10), plan(2, 'Pro (yearly)', 12, 100)]);
    expect(offers).toHaveLength(1);
    expect(offers[0]?.monthly?.id).toBe(1);
    expect(offers[0]?.yearly?.id).toBe(2);
    expect(offers[0]?.yearlySaving).toBe(17);
  });

  it('keeps plans with other limits apart even when their names match', () => {
    const other = { ...limits, vehicleLimit: 5 };
    const offers = toOffers([plan(1, 'Pro (monthly)', 1, 10), plan(2, 'Pro (yearly)', 12, 100, other)]);
    expect(offers).toHaveLength(2);
    expect(offers[0]?.yearlySaving).toBeNull();
  });

  it('shows no saving when yearly costs as much as twelve months', () => {
    const offers = toOffers([plan(1, 'Basic (monthly)', 1, 5), plan(2, 'Basic (yearly)', 12, 60)]);
    expect(offers[0]?.yearlySaving).toBeNull();
  });
});

describe('forms posted to the billing pages', () => {
  const post = (headers: Record<string, string>) => new Request('http://localhost/billing/', { method: 'POST', headers });
  it('accepts a post from the host the browser asked for', () => {
    expect(fromThisSite(post({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }))).toBe(true);
  });
  it('refuses a post from another site, or one without an origin', () => {
    expect(fromThisSite(post({ origin: 'https://evil.example', host: '127.0.0.1:3000' }))).toBe(false);
    expect(fromThisSite(post({ host: '127.0.0.1:3000' }))).toBe(false);
    expect(fromThisSite(post({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000', 'sec-fetch-site': 'cross-site' }))).toBe(false);
  });
});
