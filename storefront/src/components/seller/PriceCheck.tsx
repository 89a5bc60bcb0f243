import type { MarketPrice, MarketRating } from '@autoroute/contract/vehicles';
import { formatTagOf } from '@autoroute/locales/meta';
import { useEffect, useRef, useState } from 'react';
import { apiCall } from '../../lib/client.ts';
import { type FormConfig, fill, priceCheckInput } from './vehicle-form.ts';

/** The listing page's market texts (vehicle.market, MarketPrice.astro), the basis in each plural form, and the form's own. */
export interface PriceCheckStrings {
  title: string;
  unknown: string;
  range: string;
  basis: Record<string, string>;
  scope: Record<'model' | 'body' | 'segment', string>;
  anyMileage: string;
  rating: Record<Exclude<MarketRating, 'unknown'>, string>;
  /** "{{value}} km". */
  km: string;
  /** What to fill in before anything can be compared. */
  hint: string;
  checking: string;
  unavailable: string;
  /** Rents are rated against rents of the same kind, never against sales. */
  rental: string;
}

interface Props {
  fields: Record<string, string>;
  config: Pick<FormConfig, 'currencies' | 'types' | 'categories'>;
  s: PriceCheckStrings;
  /** The listing being edited (null: a new one): left out of its own comparables. */
  vehicleId: number | null;
}

const DELAY_MS = 600;

type State = { kind: 'idle' } | { kind: 'checking' } | { kind: 'failed' } | { kind: 'done'; market: MarketPrice; currency: string };

/**
 * The listing form's price check (issue 33): as the seller types, what comparable listings ask and
 * how the price rates against them, in the listing page's words; asked once the typing pauses.
 */
export function PriceCheck({ fields, config, s, vehicleId }: Props) {
  const input = priceCheckInput(fields, vehicleId);
  const key = input ? JSON.stringify(input) : '';
  const [state, setState] = useState<State>({ kind: 'idle' });
  const asked = useRef(0);

  useEffect(() => {
    const body = key ? (JSON.parse(key) as Record<string, unknown>) : null;
    const n = ++asked.current;
    if (!body) {
      setState({ kind: 'idle' });
      return;
    }
    const timer = window.setTimeout(() => {
      setState({ kind: 'checking' });
      const currency = config.currencies.find((c) => c.id === body.currencyId)?.code ?? '';
      apiCall<{ data: MarketPrice }>('/api/v1/price-check', { method: 'POST', json: body }).then(
        ({ data }) => {
          if (n === asked.current) setState({ kind: 'done', market: data, currency });
        },
        () => {
          if (n === asked.current) setState({ kind: 'failed' });
        },
      );
    }, DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, config.currencies]);

  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang;
  const tag = formatTagOf(lang);
  const number = (n: number) => new Intl.NumberFormat(tag).format(n);
  const year = (n: number) => new Intl.NumberFormat(tag, { useGrouping: false }).format(n);
  // An estimate reads in whole units, as on the listing page.
  const price = (n: number, code: string) => {
    try {
      return new Intl.NumberFormat(tag, { style: 'currency', currency: code, maximumFractionDigits: 0 }).format(Math.round(n));
    } catch {
      return `${Math.round(n)} ${code}`;
    }
  };
  // Ranges keep their left-to-right order inside right-to-left text (Unicode isolates).
  const isolate = (text: string) => `\u2066${text}\u2069`;
  const type = config.types.find((t) => String(t.id) === fields.typeId);
  const rental = type !== undefined && type.code !== 'sale';

  const body = (() => {
    if (state.kind === 'idle') return <p className="muted">{s.hint}</p>;
    if (state.kind === 'checking') return <p className="muted">{s.checking}</p>;
    if (state.kind === 'failed') return <p className="muted">{s.unavailable}</p>;
    const { market: m, currency } = state;
    const { basis } = m;
    const years = basis.minYear === basis.maxYear ? year(basis.minYear) : `${year(basis.minYear)}–${year(basis.maxYear)}`;
    const mileage =
      basis.minMileage === null || basis.maxMileage === null
        ? s.anyMileage
        : fill(s.km, { value: `${number(basis.minMileage)}–${number(basis.maxMileage)}` });
    const body = config.categories.find((c) => String(c.id) === fields.categoryId)?.name ?? '';
    const what = fill(s.scope[basis.scope], { body });
    const form = s.basis[new Intl.PluralRules(lang).select(m.comparables)] ?? s.basis.other ?? '';
    return (
      <>
        {m.estimate === null ? (
          <p className="muted">{s.unknown}</p>
        ) : (
          <>
            {m.rating !== 'unknown' && (
              <p className={`rating rating-${m.rating}`}>
                <strong>{s.rating[m.rating]}</strong>
              </p>
            )}
            <p>
              {fill(s.range, {
                low: price(m.low ?? m.estimate, currency),
                high: price(m.high ?? m.estimate, currency),
                estimate: price(m.estimate, currency),
              })}
            </p>
          </>
        )}
        <p className="muted small">
          {fill(form, { formatted: number(m.comparables), what, years: isolate(years), mileage: isolate(mileage) })}
        </p>
      </>
    );
  })();

  return (
    <section
      className="market-price price-check"
      aria-labelledby="price-check-title"
      data-market-rating={state.kind === 'done' ? state.market.rating : state.kind}
    >
      <h3 id="price-check-title">{s.title}</h3>
      <div role="status" aria-live="polite" aria-busy={state.kind === 'checking'}>
        {body}
      </div>
      {rental && <p className="muted small">{s.rental}</p>}
    </section>
  );
}
