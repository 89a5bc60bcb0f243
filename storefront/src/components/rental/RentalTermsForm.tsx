import type { CancellationPolicy, RentalTerms } from '@autoroute/contract/rentals';
import { type SubmitEvent, useState } from 'react';
import { apiCall } from '../../lib/client.ts';
import { minorDigits } from '../../lib/money.ts';
import { timeZones } from '../../lib/rental.ts';
import '../../styles/rental.css';
import { toast } from '../../stores/toasts.ts';
import { Field, FormError, SelectField, Submit } from '../auth/Field.tsx';
import { useSubmit } from '../auth/forms.ts';
import { fill } from '../seller/vehicle-form.ts';

export interface TermsStrings {
  sections: Record<'price' | 'length' | 'handover' | 'mileage' | 'driver' | 'cancellation' | 'booking', string>;
  priceFromListing: string;
  fields: Record<string, string>;
  hints: Record<string, string>;
  instantBook: string;
  instantBookHint: string;
  save: string;
  busy: string;
  saved: string;
  failed: string;
  invalid: string;
  number: string;
  /** Each policy (in CANCELLATION_POLICIES' order), its name and its schedule in words, as the listing page shows them. */
  policies: Record<CancellationPolicy, { name: string; rows: string[] }>;
}

interface Props {
  vehicleId: number;
  terms: RentalTerms;
  /** The listing's price, formatted in its currency. */
  price: string;
  s: TermsStrings;
}

const WHOLE = [
  'discount3',
  'discount7',
  'discount30',
  'minDays',
  'maxDays',
  'noticeHours',
  'horizonDays',
  'bufferHours',
  'minDriverAge',
  'minLicenceYears',
] as const;
const MONEY = ['depositMinor', 'extraKmMinor'] as const;
const TEXT = ['pickupPlace', 'returnPlace', 'pickupFrom', 'pickupUntil', 'returnFrom', 'returnUntil', 'timeZone'] as const;
type Name = (typeof WHOLE)[number] | (typeof MONEY)[number] | (typeof TEXT)[number] | 'kmPerDay';
type Values = Record<Name, string> & { cancellation: CancellationPolicy; instantBook: boolean };

const toValues = (t: RentalTerms, digits: number): Values => ({
  ...(Object.fromEntries(WHOLE.map((k) => [k, String(t[k])])) as Record<(typeof WHOLE)[number], string>),
  depositMinor: String(t.depositMinor / 10 ** digits),
  extraKmMinor: String(t.extraKmMinor / 10 ** digits),
  kmPerDay: t.kmPerDay === null ? '' : String(t.kmPerDay),
  pickupPlace: t.pickupPlace ?? '',
  returnPlace: t.returnPlace ?? '',
  pickupFrom: t.pickupFrom,
  pickupUntil: t.pickupUntil,
  returnFrom: t.returnFrom,
  returnUntil: t.returnUntil,
  timeZone: t.timeZone,
  cancellation: t.cancellation,
  instantBook: t.instantBook,
});

/**
 * A rental listing's terms as its owner writes them (PUT /rentals/{id}/terms, issue 36): each
 * number beside its error, the time zone among every IANA zone, the cancellation policy with the
 * schedule a renter will read. Amounts are typed in the listing's currency and sent in minor units.
 */
export default function RentalTermsForm({ vehicleId, terms, price, s }: Props) {
  const digits = minorDigits(terms.currency);
  const [values, setValues] = useState<Values>(() => toValues(terms, digits));
  const { busy, errors, message, run } = useSubmit({ generic: s.failed });
  const zones = timeZones(terms.timeZone);
  const set = (name: Name, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const check = () => {
    const found: Record<string, string> = {};
    for (const k of [...WHOLE, 'kmPerDay'] as const) {
      const raw = values[k].trim();
      if (k === 'kmPerDay' && raw === '') continue;
      if (!/^\d+$/.test(raw)) found[k] = s.number;
    }
    for (const k of MONEY) if (!/^\d+([.,]\d+)?$/.test(values[k].trim())) found[k] = s.number;
    return found;
  };

  const body = () => ({
    ...Object.fromEntries(WHOLE.map((k) => [k, Number(values[k])])),
    ...Object.fromEntries(MONEY.map((k) => [k, Math.round(Number(values[k].replace(',', '.')) * 10 ** digits)])),
    kmPerDay: values.kmPerDay.trim() === '' ? null : Number(values.kmPerDay),
    pickupPlace: values.pickupPlace.trim() || null,
    returnPlace: values.returnPlace.trim() || null,
    pickupFrom: values.pickupFrom,
    pickupUntil: values.pickupUntil,
    returnFrom: values.returnFrom,
    returnUntil: values.returnUntil,
    timeZone: values.timeZone,
    cancellation: values.cancellation,
    instantBook: values.instantBook,
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(check, async () => {
      const { data } = await apiCall<{ data: RentalTerms }>(`/api/v1/rentals/${vehicleId}/terms`, { method: 'PUT', json: body() });
      setValues(toValues(data, digits));
      toast(s.saved, { kind: 'success' });
    });
  };

  const field = (name: Name, extra: Record<string, unknown> = {}) => (
    <Field
      key={name}
      name={name}
      label={fill(s.fields[name === 'depositMinor' ? 'deposit' : name === 'extraKmMinor' ? 'extraKm' : name] ?? name, {
        currency: terms.currency,
      })}
      hint={s.hints[name]}
      error={errors[name]}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      {...extra}
    />
  );
  const whole = (name: Name) => field(name, { type: 'text', inputMode: 'numeric', required: name !== 'kmPerDay' });
  const money = (name: Name) => field(name, { type: 'text', inputMode: 'decimal', required: true });
  const time = (name: Name) => field(name, { type: 'time', required: true });

  return (
    <form className="terms-form" onSubmit={submit} noValidate>
      <FormError message={message ? (Object.keys(errors).length ? s.invalid : message) : null} />
      <fieldset>
        <legend>{s.sections.price}</legend>
        <p className="hint wide">{fill(s.priceFromListing, { price })}</p>
        {terms.unit === 'day' && (['discount3', 'discount7', 'discount30'] as const).map(whole)}
      </fieldset>
      <fieldset>
        <legend>{s.sections.length}</legend>
        {(['minDays', 'maxDays', 'noticeHours', 'horizonDays', 'bufferHours'] as const).map(whole)}
      </fieldset>
      <fieldset>
        <legend>{s.sections.handover}</legend>
        <div className="wide">{field('pickupPlace', { type: 'text', maxLength: 300 })}</div>
        {time('pickupFrom')}
        {time('pickupUntil')}
        <div className="wide">{field('returnPlace', { type: 'text', maxLength: 300 })}</div>
        {time('returnFrom')}
        {time('returnUntil')}
        <div className="wide">
          <SelectField
            name="timeZone"
            label={s.fields.timeZone ?? 'timeZone'}
            hint={s.hints.timeZone}
            error={errors.timeZone}
            value={values.timeZone}
            onChange={(e) => set('timeZone', e.target.value)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <fieldset>
        <legend>{s.sections.mileage}</legend>
        {money('depositMinor')}
        {whole('kmPerDay')}
        {money('extraKmMinor')}
      </fieldset>
      <fieldset>
        <legend>{s.sections.driver}</legend>
        {whole('minDriverAge')}
        {whole('minLicenceYears')}
      </fieldset>
      <fieldset className="policies" aria-describedby={errors.cancellation ? 'cancellation-error' : undefined}>
        <legend>{s.sections.cancellation}</legend>
        {errors.cancellation && (
          <p id="cancellation-error" className="field-error wide" role="alert">
            {errors.cancellation}
          </p>
        )}
        {(Object.keys(s.policies) as CancellationPolicy[]).map((policy, i) => (
          <div className="policy-choice wide" key={policy}>
            <input
              type="radio"
              id={i === 0 ? 'cancellation' : `cancellation-${policy}`}
              name="cancellation"
              value={policy}
              checked={values.cancellation === policy}
              onChange={() => setValues((v) => ({ ...v, cancellation: policy }))}
              aria-describedby={`cancellation-${policy}-rows`}
            />
            <label htmlFor={i === 0 ? 'cancellation' : `cancellation-${policy}`}>{s.policies[policy].name}</label>
            <ul id={`cancellation-${policy}-rows`}>
              {s.policies[policy].rows.map((row) => (
                <li key={row}>{row}</li>
              ))}
            </ul>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{s.sections.booking}</legend>
        <div className="field wide">
          <label className="check">
            <input
              id="instantBook"
              type="checkbox"
              checked={values.instantBook}
              onChange={(e) => setValues((v) => ({ ...v, instantBook: e.target.checked }))}
              aria-describedby="instantBook-hint"
            />{' '}
            {s.instantBook}
          </label>
          <p id="instantBook-hint" className="hint">
            {s.instantBookHint}
          </p>
        </div>
      </fieldset>
      <div className="form-actions">
        <Submit busy={busy} label={s.save} busyLabel={s.busy} />
      </div>
    </form>
  );
}
