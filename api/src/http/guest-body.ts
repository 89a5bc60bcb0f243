import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type ErrorDetail, validationFailed } from '../core/errors.ts';
import { localizeIssues } from '../core/validation.ts';
import type { AppEnv } from './context.ts';

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/**
 * A body hook for a form guests and members both send (a support request, a report): the body's
 * problems in one 422, as every route answers them, plus the one rule the schema cannot know: a
 * guest must give a name and an email (a member's come from their account). Checked here so that a
 * guest's empty form gets every field's message at once, not in two rounds; `fields` is the
 * form's order, which the messages follow.
 */
export const guestBody =
  (fields: readonly string[]) =>
  (result: { success: boolean; error?: z.ZodError; data?: unknown }, c: Context<AppEnv>): undefined => {
    const t = c.get('t');
    const details: ErrorDetail[] = result.error ? localizeIssues(result.error.issues, t) : [];
    if (!c.get('principal')) {
      // The parsed body, or on failure the body as sent (the validator passes it along).
      const given = (result.data ?? {}) as Record<string, unknown>;
      for (const field of ['name', 'email']) {
        if (blank(given[field]) && !details.some((d) => d.path === field)) details.push({ path: field, message: t('validation.required') });
      }
    }
    if (details.length) {
      const rank = (d: ErrorDetail) => fields.indexOf(d.path.split('.')[0]!);
      throw validationFailed(details.sort((a, b) => rank(a) - rank(b)));
    }
  };
