import type { ErrorEnvelope } from '@autoroute/contract/errors';
import type { TFunction } from 'i18next';
import { api } from './api.ts';

/** The help center's contact form (docs/decisions/013-support-requests.md), as POST /support names its fields. */
export const SUPPORT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
type SupportField = (typeof SUPPORT_FIELDS)[number];
export type SupportValues = Record<SupportField, string>;
export type SupportErrors = Partial<Record<SupportField, string>>;

export const emptySupport = (): SupportValues => ({ name: '', email: '', subject: '', message: '' });

/** The lengths POST /support accepts (a test holds them to the API's), for the fields' limits and hints. */
export const SUPPORT_LENGTHS = { name: { min: 2, max: 30 }, subject: { min: 3, max: 120 }, message: { min: 10, max: 5000 } } as const;

/** The posted form as typed: an error shows it back unchanged (the API trims what it stores). */
export function readSupportForm(form: FormData | null): SupportValues {
  const value = (field: SupportField) => {
    const v = form?.get(field);
    return typeof v === 'string' ? v : '';
  };
  return { name: value('name'), email: value('email'), subject: value('subject'), message: value('message') };
}

export type SupportOutcome = { sent: number } | { errors: SupportErrors; failure: string | null; status: number };

type Page = Parameters<typeof api>[0];
type Refusal = { data?: { id: number } } & Partial<ErrorEnvelope>;

/**
 * Sends the form to POST /support in-process. A member sends the subject and message only: the API
 * takes their name and address from the account. The API's messages for the fields the visitor sees
 * go beside them; too many requests or any other failure above the form.
 */
export async function sendSupportRequest(astro: Page, values: SupportValues, member: boolean, t: TFunction): Promise<SupportOutcome> {
  const shown: readonly SupportField[] = member ? ['subject', 'message'] : SUPPORT_FIELDS;
  const body = Object.fromEntries(shown.map((field) => [field, values[field]]));
  const result = await api<Refusal>(astro, '/api/v1/support', { method: 'POST', json: body }).catch(() => null);
  if (result?.ok && result.body.data) return { sent: result.body.data.id };
  const errors: SupportErrors = {};
  for (const detail of result?.body.details ?? []) {
    const field = shown.find((f) => f === detail.path);
    if (field && !errors[field]) errors[field] = detail.message;
  }
  const failure =
    result?.status === 429 ? t('help.support.tooMany') : Object.keys(errors).length ? t('help.support.invalid') : t('help.support.failed');
  return { errors, failure, status: result && result.status >= 400 ? result.status : 502 };
}
