/**
 * A schema message that names a locale key under `api.` instead of English text:
 * `z.string({ error: msg('validation.required') })`. Parameters travel with it; a parameter that is
 * itself a `msg()` (a field's label, say) is translated too. The API translates it into the
 * request's language (api/src/core/validation.ts); a client reading a contract schema may do the same.
 */
export const MESSAGE_PREFIX = 'i18n:';

export const msg = (key: string, params?: Record<string, string | number>): string =>
  `${MESSAGE_PREFIX}${key}${params ? `|${JSON.stringify(params)}` : ''}`;
