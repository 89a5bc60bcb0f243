import { describe, expect, it } from 'vitest';
import { cheapestWith, fromThisSite, type Limits, type Plan, toOffers } from './billing.ts';

const limits: Limits = {
  vehicleLimit: 100,
  photoLimit: 20,
  contactLimit: null,
  featuredListing: true,
  detailedStats: true,
  prioritySupport: false,
};
/** A cart of the plan `planName`, named as an administrator named it (any language, any wording). */
const plan = (id: number, planName: string, name: string, months: number, price: number, l: Limits = limits): Plan => ({
  id,
  name,
  planName,
  description: '',
  price,
  currency: { code: 'EUR', symbol: '€' },
  months,
  limits: l,
});

describe('plans page offers (SPEC §9: billed monthly or yearly)', () => {
  it('pairs a plan’s monthly and yearly carts into one offer by their plan name and limits, and tells the yearly saving', () => {
    const offers = toOffers([plan(1, 'Pro', 'Pro (monthly)', 1, 10), plan(2, 'Pro', 'Pro (yearly)', 12, 100)]);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ name: 'Pro', monthly: { id: 1 }, yearly: { id: 2 }, yearlySaving: 17 });
  });

  it('pairs translated carts whatever their names say of the period, and shows the plan name', () => {
    const offers = toOffers([
      plan(1, 'Professionnel', 'Professionnel (mensuel)', 1, 49),
      plan(3, 'Professionnel Illimité', 'Professionnel Illimité (mensuel)', 1, 149, { ...limits, vehicleLimit: null }),
      plan(2, 'Professionnel', 'Professionnel — facturation annuelle', 12, 490),
      plan(4, 'Professionnel Illimité', 'Professionnel Illimité (annuel)', 12, 1490, { ...limits, vehicleLimit: null }),
    ]);
    expect(offers.map((o) => [o.name, o.monthly?.id, o.yearly?.id])).toEqual([
      ['Professionnel', 1, 2],
      ['Professionnel Illimité', 3, 4],
    ]);
    const arabic = toOffers([plan(5, 'المحترف', 'المحترف (شهري)', 1, 49), plan(6, 'المحترف', 'المحترف (سنوي)', 12, 490)]);
    expect(arabic).toHaveLength(1);
    expect(arabic[0]?.name).toBe('المحترف');
  });

  it('keeps plans with other limits apart even when their plan names match', () => {
    const other = { ...limits, vehicleLimit: 5 };
    const offers = toOffers([plan(1, 'Pro', 'Pro (monthly)', 1, 10), plan(2, 'Pro', 'Pro (yearly)', 12, 100, other)]);
    expect(offers).toHaveLength(2);
    expect(offers[0]?.yearlySaving).toBeNull();
  });

  it('keeps carts of different plans apart even when their limits match', () => {
    const offers = toOffers([plan(1, 'Pro', 'Pro (monthly)', 1, 10), plan(2, 'Dealer', 'Dealer (yearly)', 12, 100)]);
    expect(offers.map((o) => [o.name, o.monthly?.id ?? null, o.yearly?.id ?? null])).toEqual([
      ['Pro', 1, null],
      ['Dealer', null, 2],
    ]);
  });

  it('keys each offer by a cart id, so its element id is valid in any language', () => {
    const offers = toOffers([plan(7, 'Particulier Plus', 'Particulier Plus (mensuel)', 1, 9.99)]);
    expect(offers[0]?.key).toBe('7');
  });

  it('shows no saving when yearly costs as much as twelve months', () => {
    const offers = toOffers([plan(1, 'Basic', 'Basic (monthly)', 1, 5), plan(2, 'Basic', 'Basic (yearly)', 12, 60)]);
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

describe('the plan that brings a feature', () => {
  it('names the cheapest plan by its monthly price, a yearly one included, and none when no plan has it', () => {
    const support = { ...limits, prioritySupport: true };
    const groups = [
      { id: 1, name: 'Individual', description: null, plans: [plan(1, 'Plus', 'Plus (monthly)', 1, 9.99)] },
      {
        id: 2,
        name: 'Professional',
        description: null,
        plans: [plan(2, 'Pro', 'Pro (monthly)', 1, 49, support), plan(3, 'Pro', 'Pro (yearly)', 12, 490, support)],
      },
    ];
    expect(cheapestWith(groups, 'prioritySupport')?.id).toBe(3);
    expect(cheapestWith(groups, 'detailedStats')?.id).toBe(1);
    expect(cheapestWith([groups[0]!], 'prioritySupport')).toBeNull();
  });
});
