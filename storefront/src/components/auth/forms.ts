import { isBetween, isEmail, isPhone, isProfileUrl, PASSWORD } from '@autoroute/contract/fields';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '../../lib/client.ts';
import { toast } from '../../stores/toasts.ts';

export type Strings = Record<string, string>;
export type Errors = Record<string, string | undefined>;

/** SPEC §5 rules, as the server applies them (@autoroute/contract/fields), so a form can answer before the round trip. */
export const rules = {
  required: (v: string) => v.trim().length > 0,
  email: isEmail,
  between: (min: number, max: number) => (v: string) => isBetween(v, { min, max }),
  phone: isPhone,
  password: (v: string) => v.length >= PASSWORD.min && v.length <= PASSWORD.max,
  code: (v: string) => /^\d{6}$/.test(v.trim()),
  profileUrl: isProfileUrl,
};

export interface SubmitOptions {
  /** The field that shows an error path of the API (`options.2` → `options`); the path itself by default. */
  fieldOf?: (path: string) => string;
  /** Makes a field reachable before it gets the focus (e.g. opens its collapsed section). */
  reveal?: (name: string) => void;
}

/** Moves the focus to the invalid field that comes first on the page (by element id). */
function focusFirst(names: string[], reveal?: (name: string) => void): void {
  const present = names.flatMap((name) => {
    const element = document.getElementById(name);
    return element ? [{ name, element }] : [];
  });
  present.sort((a, b) => (a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const first = present[0];
  if (!first) return;
  if (reveal) flushSync(() => reveal(first.name));
  first.element.focus();
}

/**
 * Submit state for a form: busy flag, field errors and a form-level message. Server errors land on
 * their fields when the envelope names them; 401/402/403 also show at top center (SPEC §8). The
 * first invalid field gets the focus, for the client's checks and the server's alike.
 */
export function useSubmit(strings: Strings, options: SubmitOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  // The API's code of the last refusal, for messages that offer a way out (a plan limit → /billing/).
  const [code, setCode] = useState<string | null>(null);

  async function run(check: () => Errors, action: () => Promise<void>) {
    const found = Object.fromEntries(Object.entries(check()).filter(([, v]) => v));
    setErrors(found);
    setMessage(null);
    setCode(null);
    if (Object.keys(found).length) {
      focusFirst(Object.keys(found), options.reveal);
      return;
    }
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError) {
        const fields: Errors = Object.fromEntries(error.details.map((d) => [d.path, d.message]));
        for (const d of error.details) fields[options.fieldOf?.(d.path) ?? d.path] ??= d.message;
        setErrors(fields);
        setMessage(error.message);
        setCode(error.code);
        if ([401, 402, 403].includes(error.status)) toast(error.message, { kind: 'error', position: 'top-center' });
        focusFirst(Object.keys(fields), options.reveal);
      } else {
        setMessage(strings.generic ?? 'Something went wrong!');
      }
    } finally {
      setBusy(false);
    }
  }

  return { busy, code, errors, message, run, setErrors };
}

export const value = (form: HTMLFormElement, name: string): string => String(new FormData(form).get(name) ?? '');
