/** A rating from 1 to 5 stars: a radio group with a legend, each star a radio named for screen readers ("4 of 5 stars"). */
export function Stars({
  name,
  legend,
  value,
  onChange,
  starOf,
  error,
}: {
  name: string;
  legend: string;
  value: number;
  onChange: (value: number) => void;
  /** "{{n}} of 5 stars", in the page's language. */
  starOf: string;
  error?: string | undefined;
}) {
  return (
    <fieldset className="stars" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choices">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n}>
            <input
              type="radio"
              id={`${name}-${n}`}
              name={name}
              value={n}
              checked={value === n}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(n)}
            />
            <label htmlFor={`${name}-${n}`} className={n <= value ? 'on' : undefined}>
              <span aria-hidden="true">{n <= value ? '★' : '☆'}</span>
              <span className="visually-hidden">{starOf.replace('{{n}}', String(n))}</span>
            </label>
          </span>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
