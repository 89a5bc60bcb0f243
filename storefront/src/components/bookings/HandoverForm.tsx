import { useId, useRef, useState } from 'react';
import type { ApiError } from '../../lib/client.ts';
import { apiCall } from '../../lib/client.ts';

export type HandoverStrings = Record<
  | 'odometer'
  | 'odometerHint'
  | 'odometerInvalid'
  | 'fuel'
  | 'fuelHint'
  | 'fuelInvalid'
  | 'damage'
  | 'damageHint'
  | 'photos'
  | 'photosHint'
  | 'photo'
  | 'removePhoto'
  | 'uploading'
  | 'uploadFailed'
  | 'tooManyPhotos'
  | 'stillUploading'
  | 'sendReport'
  | 'sending',
  string
>;

interface Photo {
  key: string;
  name: string;
  id?: number;
  url?: string;
  progress: number;
  error?: string;
}

type Field = 'odometer' | 'fuel' | 'damage' | 'pictures';

const MAX_PHOTOS = 12;
let sequence = 0;

/**
 * A pickup or return report (issue 36 item 3): the odometer, the fuel or charge, damage notes and
 * photos. Each photo is uploaded as the listing editor's are (POST /api/v1/pictures) as soon as it is
 * chosen; the report then sends their ids.
 */
export function HandoverForm({
  stage,
  title,
  busy,
  s,
  onSend,
}: {
  stage: 'pickup' | 'return';
  title: string;
  busy: boolean;
  s: HandoverStrings;
  onSend: (input: { odometer: number; fuel: number; damage: string | null; pictures: number[] }) => Promise<ApiError | null>;
}) {
  const id = `${useId()}-${stage}`;
  const [odometer, setOdometer] = useState('');
  const [fuel, setFuel] = useState('');
  const [damage, setDamage] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const input = useRef<HTMLInputElement>(null);
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

  const patch = (key: string, change: Partial<Photo>) => setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const add = (files: FileList | null) => {
    if (!files) return;
    const room = MAX_PHOTOS - photos.length;
    const chosen = [...files].slice(0, Math.max(0, room));
    setErrors((e) => ({ ...e, pictures: files.length > room ? s.tooManyPhotos : undefined }));
    for (const file of chosen) {
      const key = `photo-${++sequence}`;
      setPhotos((list) => [...list, { key, name: file.name, progress: 0 }]);
      const form = new FormData();
      form.append('file', file);
      apiCall<{ data: { id: number; url: string } }>('/api/v1/pictures', { form, onUploadProgress: (progress) => patch(key, { progress }) })
        .then(({ data }) => patch(key, { id: data.id, url: data.url, progress: 100 }))
        .catch((failure: unknown) => patch(key, { error: failure instanceof Error && failure.message ? failure.message : s.uploadFailed }));
    }
    if (input.current) input.current.value = '';
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const km = Number(odometer);
    const percent = Number(fuel);
    if (odometer.trim() === '' || !Number.isInteger(km) || km < 0 || km > 5_000_000) found.odometer = s.odometerInvalid;
    if (fuel.trim() === '' || !Number.isInteger(percent) || percent < 0 || percent > 100) found.fuel = s.fuelInvalid;
    if (photos.some((p) => p.id === undefined && !p.error)) found.pictures = s.stillUploading;
    setErrors(found);
    const first = (['odometer', 'fuel', 'pictures'] as const).find((f) => found[f]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    const failure = await onSend({
      odometer: km,
      fuel: percent,
      damage: damage.trim() || null,
      pictures: photos.flatMap((p) => (p.id === undefined ? [] : [p.id])),
    });
    if (failure?.details.length)
      setErrors({
        odometer: failure.field('odometer'),
        fuel: failure.field('fuel'),
        damage: failure.field('damage'),
        pictures: failure.field('pictures'),
      });
  };

  const described = (field: Field, hint: boolean) =>
    [hint ? `${id}-${field}-hint` : '', errors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error" role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="booking-action handover-form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h3 id={`${id}-title`}>{title}</h3>
      <div className="handover-numbers">
        <div className="field">
          <label htmlFor={`${id}-odometer`}>{s.odometer}</label>
          <p id={`${id}-odometer-hint`} className="hint">
            {s.odometerHint}
          </p>
          <input
            id={`${id}-odometer`}
            name="odometer"
            type="number"
            inputMode="numeric"
            min={0}
            max={5_000_000}
            step={1}
            required
            value={odometer}
            aria-invalid={errors.odometer ? true : undefined}
            aria-describedby={described('odometer', true)}
            onChange={(e) => setOdometer(e.target.value)}
          />
          {errorOf('odometer')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-fuel`}>{s.fuel}</label>
          <p id={`${id}-fuel-hint`} className="hint">
            {s.fuelHint}
          </p>
          <input
            id={`${id}-fuel`}
            name="fuel"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            required
            value={fuel}
            aria-invalid={errors.fuel ? true : undefined}
            aria-describedby={described('fuel', true)}
            onChange={(e) => setFuel(e.target.value)}
          />
          {errorOf('fuel')}
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-damage`}>{s.damage}</label>
        <p id={`${id}-damage-hint`} className="hint">
          {s.damageHint}
        </p>
        <textarea
          id={`${id}-damage`}
          name="damage"
          dir="auto"
          maxLength={2000}
          value={damage}
          aria-invalid={errors.damage ? true : undefined}
          aria-describedby={described('damage', true)}
          onChange={(e) => setDamage(e.target.value)}
        />
        {errorOf('damage')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-pictures`}>{s.photos}</label>
        <p id={`${id}-pictures-hint`} className="hint">
          {s.photosHint}
        </p>
        <input
          ref={input}
          id={`${id}-pictures`}
          name="pictures"
          type="file"
          accept="image/jpeg,image/png"
          multiple
          aria-invalid={errors.pictures ? true : undefined}
          aria-describedby={described('pictures', true)}
          onChange={(e) => add(e.target.files)}
        />
        {errorOf('pictures')}
        {photos.length > 0 && (
          <ul className="handover-pictures">
            {photos.map((p, i) => (
              <li key={p.key}>
                {p.url ? (
                  <img src={p.url} alt={fill(s.photo, { n: i + 1 })} width={96} height={72} />
                ) : (
                  <span className="small">{p.name}</span>
                )}
                {p.error ? (
                  <span className="field-error">{p.error}</span>
                ) : p.id === undefined ? (
                  <span className="small" aria-live="polite">
                    {fill(s.uploading, { percent: p.progress })}
                  </span>
                ) : null}
                <button
                  type="button"
                  className="button ghost"
                  onClick={() => setPhotos((list) => list.filter((x) => x.key !== p.key))}
                  aria-label={fill(s.removePhoto, { n: i + 1 })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p>
        <button type="submit" className="button" disabled={busy}>
          {busy ? s.sending : s.sendReport}
        </button>
      </p>
    </form>
  );
}
