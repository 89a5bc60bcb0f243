import type { Limits, Plans, Subscription } from '@autoroute/contract/billing';
import type { Locale } from '@autoroute/locales';
import type { TFunction } from 'i18next';
import { api } from './api.ts';
import { formatNumber } from './i18n.ts';

/** The API's billing shapes (@autoroute/contract/billing). */
export type { Limits, Payment as CheckoutPayment, Subscription } from '@autoroute/contract/billing';

export type PlanGroup = Plans['groups'][number];
export type Plan = PlanGroup['plans'][number];
export type Payment = Subscription['payments'][number];
export interface PlansResponse {
  data: Plans;
}

/** One offer of the plans page: the same plan billed monthly and/or yearly. */
export interface Offer {
  /** Unique on the page, safe in an element id. */
  key: string;
  name: string;
  limits: Limits;
  monthly: Plan | null;
  yearly: Plan | null;
  /** What paying yearly saves over twelve monthly payments, in percent (whole); null when not both. */
  yearlySaving: number | null;
}

const sameLimits = (a: Limits, b: Limits): boolean =>
  a.vehicleLimit === b.vehicleLimit &&
  a.photoLimit === b.photoLimit &&
  a.contactLimit === b.contactLimit &&
  a.featuredListing === b.featuredListing &&
  a.detailedStats === b.detailedStats &&
  a.prioritySupport === b.prioritySupport;

/**
 * Pairs a group's monthly and yearly carts into offers (SPEC §9: billed monthly or yearly through
 * months): the same plan name (the API's `planName`, in the visitor's language, never parsed out of
 * a translated cart name) and the same limits make one offer. Offers keep the carts' order.
 */
export function toOffers(plans: Plan[]): Offer[] {
  const offers: Offer[] = [];
  for (const plan of plans) {
    const name = plan.planName;
    const yearly = plan.months >= 12;
    let offer = offers.find((o) => o.name === name && sameLimits(o.limits, plan.limits) && (yearly ? !o.yearly : !o.monthly));
    if (!offer) {
      offer = {
        key: String(plan.id),
        name,
        limits: plan.limits,
        monthly: null,
        yearly: null,
        yearlySaving: null,
      };
      offers.push(offer);
    }
    if (yearly) offer.yearly = plan;
    else offer.monthly = plan;
  }
  for (const offer of offers) {
    const { monthly, yearly } = offer;
    if (monthly && yearly && monthly.currency.code === yearly.currency.code && monthly.price > 0) {
      const monthsPerYear = yearly.months;
      const full = (monthly.price / monthly.months) * monthsPerYear;
      const saving = Math.round((1 - yearly.price / full) * 100);
      offer.yearlySaving = saving > 0 ? saving : null;
    }
  }
  return offers;
}

/** The cheapest plan (by its monthly price) that includes a feature, or null when none does. */
export function cheapestWith(groups: PlanGroup[], feature: 'featuredListing' | 'detailedStats' | 'prioritySupport'): Plan | null {
  const fitting = groups.flatMap((g) => g.plans).filter((p) => p.limits[feature]);
  return fitting.reduce<Plan | null>((best, p) => (!best || p.price / p.months < best.price / best.months ? p : best), null);
}

/** A plan's limits in words, in the order the plans page lists them (SPEC §6). */
export function limitLines(limits: Limits, t: TFunction, locale: Locale): { text: string; included: boolean }[] {
  const count = (value: number | null, key: string) =>
    value === null
      ? { text: t(`billing.limits.${key}Unlimited`), included: true }
      : { text: t(`billing.limits.${key}`, { count: value, formatted: formatNumber(value, locale) }), included: value > 0 };
  return [
    count(limits.vehicleLimit, 'vehicles'),
    count(limits.photoLimit, 'photos'),
    count(limits.contactLimit, 'contacts'),
    { text: t('billing.limits.featured'), included: limits.featuredListing },
    { text: t('billing.limits.stats'), included: limits.detailedStats },
    { text: t('billing.limits.support'), included: limits.prioritySupport },
  ];
}

type Page = Parameters<typeof api>[0];

/** The signed-in user's subscription, or null when the API cannot tell (error state). */
export async function loadSubscription(astro: Page, userId: number): Promise<Subscription | null> {
  const result = await api<{ data: Subscription }>(astro, `/api/v1/user/${userId}/subscription`).catch(() => null);
  return result?.ok ? result.body.data : null;
}

/**
 * A form posted to one of our pages acts with the visitor's session in-process, where the API's own
 * cross-site guard does not apply: like that guard, the page refuses a post whose Origin is not the
 * host the browser asked for (browsers always send Origin on a form post).
 */
export function fromThisSite(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return false;
  const origin = request.headers.get('origin');
  const host = request.headers.get('host');
  if (!origin || origin === 'null' || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
