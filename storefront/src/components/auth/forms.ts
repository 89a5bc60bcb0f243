import { useState } from 'react';
import { ApiError } from '../../lib/client.ts';
import { toast } from '../../stores/toasts.ts';

export type Strings = Record<string, string>;
export type Errors = Record<string, string | undefined>;

/** SPEC §5 rules, as the server applies them, so a form can answer before the round trip. */
export const rules = {
  required: (v: string) => v.trim().length > 0,
  email: (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v.trim()),
  between: (min: number, max: number) => (v: string) => v.trim().length >= min && v.trim().length <= max,
  phone: (v: string) => /^\+?[0-9][0-9 ().-]{5,22}$/.test(v.trim()) && v.replace(/\D/g, '').length >= 6,
  password: (v: string) => v.length >= 8 && v.length <= 128,
  code: (v: string) => /^\d{6}$/.test(v.trim()),
};

/**
 * Submit state for a form: busy flag, field errors and a form-level message. Server errors land on
 * their fields when the envelope names them; 401/402/403 also show at top center (SPEC §8).
 */
export function useSubmit(strings: Strings) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);

  async function run(check: () => Errors, action: () => Promise<void>) {
    const found = Object.fromEntries(Object.entries(check()).filter(([, v]) => v));
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) {
      document.getElementById(Object.keys(found)[0]!)?.focus();
      return;
    }
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = Object.fromEntries(error.details.map((d) => [d.path, d.message]));
        setErrors(fields);
        setMessage(error.message);
        if ([401, 402, 403].includes(error.status)) toast(error.message, { kind: 'error', position: 'top-center' });
      } else {
        setMessage(strings.generic ?? 'Something went wrong!');
      }
    } finally {
      setBusy(false);
    }
  }

  return { busy, errors, message, run, setErrors };
}

export const value = (form: HTMLFormElement, name: string): string => String(new FormData(form).get(name) ?? '');
