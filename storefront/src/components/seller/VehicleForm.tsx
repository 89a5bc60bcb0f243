import { lastYear } from '@autoroute/contract/vehicle-fields';
import { decodeVin } from '@autoroute/contract/vin';
import { formatTagOf } from '@autoroute/locales/meta';
import { type ChangeEvent, type SubmitEvent, useEffect, useMemo, useRef, useState } from 'react';
import { apiCall } from '../../lib/client.ts';
import { isPlanLimit } from '../../lib/plan-limit.ts';
import { flash, toast } from '../../stores/toasts.ts';
import { Field, FormError, SelectField, Submit, TextAreaField } from '../auth/Field.tsx';
import { useSubmit } from '../auth/forms.ts';
import { PictureField, type PictureStrings } from './PictureField.tsx';
import { PriceCheck, type PriceCheckStrings } from './PriceCheck.tsx';
import {
  clearDraft,
  draftKey,
  type FieldDef,
  type FormConfig,
  type FormValues,
  fieldNamed,
  fieldOfPath,
  fieldsOf,
  fill,
  isRechargeable,
  loadDraft,
  MAIN_GROUPS,
  type Messages,
  makeOf,
  type PictureItem,
  SECTIONS,
  type SectionId,
  sameValues,
  saveDraft,
  sectionOf,
  toInput,
  validate,
} from './vehicle-form.ts';

type StepState = 'complete' | 'todo' | 'optional' | 'errors';

export interface FormStrings {
  sections: Record<SectionId, string>;
  sectionHints: Record<SectionId, string>;
  groups: Record<keyof typeof MAIN_GROUPS, string>;
  fields: Record<string, string>;
  hints: Record<string, string>;
  state: Record<StepState, string>;
  steps: string;
  stepOf: string;
  requiredNote: string;
  choose: string;
  chooseCountryFirst: string;
  notSpecified: string;
  yes: string;
  no: string;
  submitNew: string;
  submitEdit: string;
  busy: string;
  cancel: string;
  published: string;
  saved: string;
  draftRestored: string;
  discardDraft: string;
  draftDiscarded: string;
  draftSaved: string;
  waitForUploads: string;
  generic: string;
  /** The link that follows a plan-limit refusal (403 PLAN_LIMIT_*). */
  seePlans: string;
  /** The VIN field's action and what it tells ({{fields}}, {{wmi}}, {{expected}} filled in). */
  vin: Record<'fill' | 'filled' | 'notEncoded' | 'unknownMaker' | 'mismatch', string>;
}

/** What "Fill from VIN" did: the fields it filled, a maker it does not know, a check digit that does not match. */
interface VinNote {
  filled: string[];
  wmi: string | null;
  expected: string | null;
}

interface Props {
  /** The vehicle being edited; null for a new listing. */
  vehicleId: number | null;
  userId: number;
  /** The stored vehicle (edit) or an empty form (new): what "unsaved changes" compare with. */
  initial: FormValues;
  config: FormConfig;
  s: FormStrings;
  pictureStrings: PictureStrings;
  priceCheck: PriceCheckStrings;
  /** The API's messages, so the form's checks say what the server would. */
  m: Messages;
}

const DRAFT_DELAY_MS = 300;

/** The vehicle form (SPEC §3, §5) for a new listing and for an edit: sections with a step indicator, a draft kept as you type. */
export default function VehicleForm({ vehicleId, userId, initial, config, s, pictureStrings, priceCheck, m }: Props) {
  const key = draftKey(userId, vehicleId);
  const [values, setValues] = useState<FormValues>(initial);
  const [restored, setRestored] = useState(false);
  const [draftTime, setDraftTime] = useState<string | null>(null);
  const [open, setOpen] = useState<Set<SectionId>>(
    () =>
      new Set<SectionId>(['main', 'pictures', ...(isRechargeable(config, initial.fields.fuelTypeId ?? '') ? ['electric' as const] : [])]),
  );
  const [current, setCurrent] = useState<SectionId>('main');
  const ready = useRef(false);
  const leaving = useRef(false);
  const latest = useRef(values);
  latest.current = values;
  /** Number inputs whose text the browser could not read as a number. */
  const unreadable = useRef(new Set<string>());
  const stored = useMemo(() => new Set(initial.pictures.map((p) => p.id)), [initial]);

  const reveal = (name: string) => {
    const section = sectionOf(fieldOfPath(name));
    setOpen((o) => (o.has(section) ? o : new Set(o).add(section)));
  };
  const { busy, code, errors, message, run, setErrors } = useSubmit({ generic: s.generic }, { fieldOf: fieldOfPath, reveal });

  // A draft left here earlier comes back, with a notice that offers to discard it.
  useEffect(() => {
    const draft = loadDraft(key);
    if (draft && !sameValues(draft, initial)) {
      setValues(draft);
      setRestored(true);
      setOpen(
        (o) => new Set([...o, ...SECTIONS.filter((id) => fieldsOf(id).some((f) => draft.fields[f.name] !== initial.fields[f.name]))]),
      );
    }
    ready.current = true;
  }, [key, initial]);

  // The draft follows the typing; it goes away when nothing differs from the stored vehicle.
  useEffect(() => {
    if (!ready.current || leaving.current) return;
    const timer = window.setTimeout(() => {
      // Published or saved while the timer ran: the draft is gone for good, not written back.
      if (leaving.current) return;
      if (sameValues(values, initial)) clearDraft(key);
      else {
        saveDraft(key, values);
        setDraftTime(new Intl.DateTimeFormat(formatTagOf(document.documentElement.lang), { timeStyle: 'short' }).format(new Date()));
      }
    }, DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [values, initial, key]);

  // Leaving with unsaved changes asks first; the draft is written at once in case the page goes.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (leaving.current || sameValues(latest.current, initial)) return;
      saveDraft(key, latest.current);
      e.preventDefault();
      e.returnValue = '';
    };
    const keep = () => {
      if (!leaving.current && !sameValues(latest.current, initial)) saveDraft(key, latest.current);
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', keep);
    };
  }, [initial, key]);

  // A field shown in error is checked again as soon as it changes, so a fixed one stops saying so.
  const previous = useRef(values);
  useEffect(() => {
    const before = previous.current;
    previous.current = values;
    const changed = new Set(Object.keys(values.fields).filter((name) => values.fields[name] !== before.fields[name]));
    if (values.options !== before.options) changed.add('options');
    if (values.pictures !== before.pictures) changed.add('pictures');
    const stale = Object.keys(errors).filter((path) => errors[path] && changed.has(fieldOfPath(path)));
    if (stale.length === 0) return;
    const now = validate(values, config, m, unreadable.current);
    setErrors((current) => {
      const next = { ...current };
      for (const path of stale) next[path] = path === fieldOfPath(path) ? now[path] : undefined;
      return next;
    });
  }, [values, errors, config, m, setErrors]);

  const electric = isRechargeable(config, values.fields.fuelTypeId ?? '');
  const make = makeOf(config, values.fields.brand ?? '');
  const cities = config.cities.filter((c) => String(c.countryId) === values.fields.countryId);

  /** Errors by field, the details of the API (`options.3`, `pictures.1`) shown on their field. */
  const fieldError = (name: string) =>
    errors[name] ?? Object.entries(errors).find(([path, text]) => text && fieldOfPath(path) === name)?.[1];
  const pictureErrors = useMemo(() => {
    const done = values.pictures.filter((p) => p.status === 'done');
    const found: Record<string, string> = {};
    for (const [path, text] of Object.entries(errors)) {
      const match = /^pictures\.(\d+)$/.exec(path);
      const picture = match ? done[Number(match[1])] : undefined;
      if (picture && text) found[picture.key] = text;
    }
    return found;
  }, [errors, values.pictures]);

  const setField = (name: string, value: string) => {
    // What the VIN filled is told for that VIN only.
    if (name === 'vin') setVinNote(null);
    setValues((v) => {
      const fields = { ...v.fields, [name]: value };
      // A city belongs to its country: another country empties it.
      if (name === 'countryId' && !config.cities.some((c) => String(c.id) === fields.cityId && String(c.countryId) === value))
        fields.cityId = '';
      return { ...v, fields };
    });
  };

  const onField = (def: FieldDef) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const target = e.currentTarget;
    if (target instanceof HTMLInputElement && target.type === 'number') {
      if (target.validity.badInput) unreadable.current.add(def.name);
      else unreadable.current.delete(def.name);
    }
    setField(def.name, target.value);
    if (def.name === 'fuelTypeId' && isRechargeable(config, target.value)) setOpen((o) => new Set(o).add('electric'));
  };

  /** Leaving a field checks it again, once it holds something or was already flagged. */
  const onBlur = (name: string) => () => {
    const value = latest.current.fields[name] ?? '';
    if (!value && !errors[name] && !unreadable.current.has(name)) return;
    const found = validate(latest.current, config, m, unreadable.current)[name];
    if (found !== errors[name]) setErrors((e) => ({ ...e, [name]: found }));
  };

  const stepState = (id: SectionId): StepState => {
    if (Object.entries(errors).some(([path, text]) => text && sectionOf(fieldOfPath(path)) === id)) return 'errors';
    const filled = (def: FieldDef) => (values.fields[def.name] ?? '').trim() !== '';
    if (id === 'main') return fieldsOf('main').every((f) => !f.required || filled(f)) && values.options.length > 0 ? 'complete' : 'todo';
    if (id === 'pictures') {
      const done = values.pictures.some((p) => p.status === 'done');
      return done && !values.pictures.some((p) => p.status === 'uploading') ? 'complete' : 'todo';
    }
    if (id === 'electric' && electric) return fieldsOf('electric').every((f) => !f.electric || filled(f)) ? 'complete' : 'todo';
    return 'optional';
  };

  const toggle = (id: SectionId) =>
    setOpen((o) => {
      const next = new Set(o);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const goTo = (id: SectionId) => {
    setOpen((o) => new Set(o).add(id));
    setCurrent(id);
    requestAnimationFrame(() => {
      const toggleButton = document.getElementById(`${id}-toggle`);
      toggleButton?.scrollIntoView({ block: 'start' });
      toggleButton?.focus();
    });
  };

  /** "Fill from VIN": make and year from the VIN, and model and fuel where its maker encodes them (contract/src/vin.ts). */
  const [vinNote, setVinNote] = useState<VinNote | null>(null);
  const fillFromVin = () => {
    const result = decodeVin(latest.current.fields.vin ?? '', lastYear());
    if (!result.ok) {
      setVinNote(null);
      setErrors((e) => ({ ...e, vin: m.vinFormat }));
      document.getElementById('vin')?.focus();
      return;
    }
    const d = result.decoded;
    const next: Record<string, string> = { vin: d.vin };
    const found = d.make ? makeOf(config, d.make) : undefined;
    if (found) next.brand = found.name;
    const model = found && d.model ? found.models.find((x) => x.name === d.model) : undefined;
    if (model) next.model = model.name;
    else if (found && !found.models.some((x) => x.name === latest.current.fields.model)) next.model = '';
    if (d.year !== null) next.year = String(d.year);
    const fuel = d.fuel ? config.fuelTypes.find((f) => f.code === d.fuel) : undefined;
    if (fuel) next.fuelTypeId = String(fuel.id);
    setValues((v) => ({ ...v, fields: { ...v.fields, ...next } }));
    if (fuel && isRechargeable(config, String(fuel.id))) setOpen((o) => new Set(o).add('electric'));
    setErrors((e) => ({ ...e, vin: undefined }));
    setVinNote({
      filled: ['brand', 'model', 'year', 'fuelTypeId'].filter((name) => next[name]),
      wmi: found ? null : d.wmi,
      expected: d.check === 'mismatch' ? d.expectedCheckDigit : null,
    });
  };
  const listOf = (names: string[]) =>
    new Intl.ListFormat(formatTagOf(document.documentElement.lang), { type: 'conjunction' }).format(names.map((n) => label(n)));

  const onPictures = (update: (items: PictureItem[]) => PictureItem[]) => setValues((v) => ({ ...v, pictures: update(v.pictures) }));

  /** A picture taken off: an upload no listing uses goes at once; the stored vehicle's go once it is saved without them. */
  const onPictureRemoved = (item: PictureItem) => {
    if (item.id !== undefined && !stored.has(item.id))
      void apiCall(`/api/v1/pictures/${item.id}`, { method: 'DELETE' }).catch(() => undefined);
  };

  const discardDraft = () => {
    for (const p of values.pictures) onPictureRemoved(p);
    clearDraft(key);
    unreadable.current.clear();
    setValues(initial);
    setErrors({});
    setRestored(false);
    setDraftTime(null);
    toast(s.draftDiscarded, { kind: 'success' });
  };

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    run(
      () => {
        const found = validate(values, config, m, unreadable.current);
        if (values.pictures.some((p) => p.status === 'uploading')) found.pictures = s.waitForUploads;
        return found;
      },
      async () => {
        const body = toInput(values);
        const { data } = await apiCall<{ data: { id: number } }>(vehicleId ? `/api/v1/vehicles/${vehicleId}` : '/api/v1/vehicles', {
          method: vehicleId ? 'PUT' : 'POST',
          json: body,
        });
        // The stored vehicle's pictures left out are detached by the save: their files can go now.
        const kept = new Set(body.pictures as number[]);
        await Promise.allSettled(
          [...stored]
            .filter((id): id is number => id !== undefined && !kept.has(id))
            .map((id) => apiCall(`/api/v1/pictures/${id}`, { method: 'DELETE' })),
        );
        leaving.current = true;
        clearDraft(key);
        flash(vehicleId ? s.saved : s.published);
        // A new rental goes on to its terms (issue 36): the price per day alone does not let anyone book it.
        const type = config.types.find((t) => String(t.id) === values.fields.typeId);
        location.assign(!vehicleId && type?.code?.startsWith('rent_') ? `/my/${data.id}/rental` : `/vehicles/${data.id}`);
      },
    );
  };

  const label = (name: string) => s.fields[name] ?? name;
  const hint = (name: string) => s.hints[name] || undefined;

  const renderField = (name: string) => {
    const def = fieldNamed(name);
    if (!def) return null;
    const required = Boolean(def.required || (def.electric && electric));
    const common = {
      name,
      label: label(name),
      hint: hint(name),
      error: fieldError(name),
      requiredMark: required,
      required,
      value: values.fields[name] ?? '',
      onChange: onField(def),
      onBlur: onBlur(name),
    };
    if (def.kind === 'ref' || def.kind === 'flag') {
      const options =
        def.kind === 'flag'
          ? [
              { id: 'true', name: s.yes },
              { id: 'false', name: s.no },
            ]
          : name === 'cityId'
            ? cities
            : name === 'currencyId'
              ? config.currencies.map((c) => ({ id: c.id, name: `${c.code} — ${c.name}` }))
              : (config[def.list!] as { id: number; name: string }[]);
      const placeholder =
        def.kind === 'flag' ? s.notSpecified : name === 'cityId' && !values.fields.countryId ? s.chooseCountryFirst : s.choose;
      return (
        <SelectField key={name} {...common}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.name}
            </option>
          ))}
        </SelectField>
      );
    }
    if (def.kind === 'longtext')
      return <TextAreaField key={name} {...common} rows={name === 'description' ? 8 : 4} maxLength={def.max} dir="auto" />;
    if (def.kind === 'date') return <Field key={name} {...common} type="date" />;
    if (def.kind === 'int' || def.kind === 'number') {
      const max = name === 'year' ? lastYear() : def.max;
      return (
        <Field
          key={name}
          {...common}
          type="number"
          inputMode={def.kind === 'int' ? 'numeric' : 'decimal'}
          step={def.kind === 'int' ? 1 : 'any'}
          min={name === 'price' ? undefined : def.min}
          max={Number.isFinite(max) ? max : undefined}
        />
      );
    }
    if (name === 'vin')
      return (
        <div key={name} className="vin-field">
          <Field {...common} maxLength={def.max} dir="ltr" autoComplete="off" spellCheck={false} autoCapitalize="characters" />
          <button type="button" className="button secondary" onClick={fillFromVin}>
            {s.vin.fill}
          </button>
          <div role="status" className="vin-note">
            {vinNote && vinNote.filled.length > 0 && <p>{fill(s.vin.filled, { fields: listOf(vinNote.filled) })}</p>}
            {vinNote && !vinNote.filled.includes('model') && <p className="small muted">{s.vin.notEncoded}</p>}
            {vinNote?.wmi && <p>{fill(s.vin.unknownMaker, { wmi: vinNote.wmi })}</p>}
            {vinNote?.expected && <p className="warning">{fill(s.vin.mismatch, { expected: vinNote.expected })}</p>}
          </div>
        </div>
      );
    return (
      <Field
        key={name}
        {...common}
        maxLength={def.max}
        dir="auto"
        autoComplete="off"
        list={name === 'brand' ? 'vehicle-makes' : name === 'model' ? 'vehicle-models' : undefined}
        spellCheck={name === 'vin' || name === 'register' ? false : undefined}
      />
    );
  };

  const group = (id: keyof typeof MAIN_GROUPS) => (
    <fieldset className="form-group" key={id}>
      <legend>{s.groups[id]}</legend>
      <div className="form-grid">{MAIN_GROUPS[id].map(renderField)}</div>
    </fieldset>
  );

  const optionsError = fieldError('options');
  const sectionBody = (id: SectionId) => {
    if (id === 'pictures') {
      return (
        <PictureField
          items={values.pictures}
          onChange={onPictures}
          onRemove={onPictureRemoved}
          limits={config.limits}
          error={fieldError('pictures')}
          itemErrors={pictureErrors}
          s={pictureStrings}
        />
      );
    }
    if (id !== 'main') return <div className="form-grid">{fieldsOf(id).map((f) => renderField(f.name))}</div>;
    return (
      <>
        {group('listing')}
        <PriceCheck fields={values.fields} config={config} s={priceCheck} vehicleId={vehicleId} />
        {group('vehicle')}
        {group('location')}
        <fieldset className="form-group" aria-describedby={['options-hint', optionsError ? 'options-error' : ''].filter(Boolean).join(' ')}>
          <legend>
            {label('options')}
            <span className="required-mark" aria-hidden="true">
              {' *'}
            </span>
          </legend>
          <p id="options-hint" className="hint">
            {hint('options')}
          </p>
          <div className="options-grid">
            {config.options.map((o, i) => (
              <label className="check" key={o.id}>
                <input
                  type="checkbox"
                  id={i === 0 ? 'options' : `option-${o.id}`}
                  name="options"
                  value={o.id}
                  checked={values.options.includes(o.id)}
                  aria-invalid={optionsError ? true : undefined}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setValues((v) => ({ ...v, options: on ? [...v.options, o.id] : v.options.filter((x) => x !== o.id) }));
                  }}
                />
                {o.name}
              </label>
            ))}
          </div>
          {optionsError && (
            <p id="options-error" className="field-error" role="alert">
              {optionsError}
            </p>
          )}
        </fieldset>
        <div className="form-grid">{renderField('description')}</div>
      </>
    );
  };

  const states = Object.fromEntries(SECTIONS.map((id) => [id, stepState(id)])) as Record<SectionId, StepState>;

  return (
    <form className="vehicle-form" onSubmit={submit} noValidate>
      {restored && (
        <div className="draft-notice" role="status">
          <p>{s.draftRestored}</p>
          <button type="button" className="button secondary" onClick={discardDraft}>
            {s.discardDraft}
          </button>
        </div>
      )}
      <nav className="steps" aria-label={s.steps}>
        <ol>
          {SECTIONS.map((id, i) => (
            <li key={id} className={`step ${states[id]}`}>
              <a
                href={`#${id}-section`}
                aria-current={current === id ? 'step' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  goTo(id);
                }}
              >
                <span className="step-number" aria-hidden="true">
                  {states[id] === 'complete' ? '✓' : states[id] === 'errors' ? '!' : i + 1}
                </span>
                <span className="step-text">
                  <span className="visually-hidden">{fill(s.stepOf, { n: i + 1, total: SECTIONS.length })}: </span>
                  <span className="step-label">{s.sections[id]}</span>
                  <span className="step-state">{s.state[states[id]]}</span>
                </span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <p className="muted">{s.requiredNote}</p>
      <FormError message={message} link={isPlanLimit(code) ? { href: '/billing/', label: s.seePlans } : null} />
      <datalist id="vehicle-makes">
        {config.makes.map((mk) => (
          <option key={mk.id} value={mk.name} />
        ))}
      </datalist>
      <datalist id="vehicle-models">
        {(make?.models ?? []).map((md) => (
          <option key={md.id} value={md.name} />
        ))}
      </datalist>
      {SECTIONS.map((id, i) => {
        const isOpen = open.has(id);
        return (
          <section
            key={id}
            id={`${id}-section`}
            className={`form-section ${states[id]}`}
            aria-labelledby={`${id}-title`}
            onFocus={() => setCurrent(id)}
          >
            <h2 className="section-title">
              <button id={`${id}-toggle`} type="button" aria-expanded={isOpen} aria-controls={`${id}-body`} onClick={() => toggle(id)}>
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <span id={`${id}-title`}>{s.sections[id]}</span>
                <span className="section-state">{s.state[states[id]]}</span>
                <span className="chevron" aria-hidden="true" />
              </button>
            </h2>
            <div id={`${id}-body`} className="section-body" hidden={!isOpen}>
              {s.sectionHints[id] && <p className="hint">{s.sectionHints[id]}</p>}
              {sectionBody(id)}
            </div>
          </section>
        );
      })}
      <div className="form-actions">
        {draftTime && !sameValues(values, initial) && <p className="small">{fill(s.draftSaved, { time: draftTime })}</p>}
        <a className="button secondary" href="/my/">
          {s.cancel}
        </a>
        <Submit busy={busy} label={vehicleId ? s.submitEdit : s.submitNew} busyLabel={s.busy} />
      </div>
    </form>
  );
}
