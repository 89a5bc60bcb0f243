import { LOCALES } from '@autoroute/locales/meta';
import { z } from 'zod';
import { CRON_MESSAGES, cronProblem } from './cron.ts';
import { msg } from './messages.ts';
import { CODE_PATTERN, type FieldDef, HEX_PATTERN, type ResourceDef } from './resources.ts';

/*
 * What the admin API accepts for a declared resource (contract/src/resources.ts), as one zod schema
 * built from its declaration: the API validates with it (and names it in its OpenAPI document), and
 * the back office's forms are tested against it so they refuse exactly what the server refuses.
 */

/** A field's label, as the back office shows it: the same locale key serves the screen and the API's messages. */
export const fieldLabel = (def: ResourceDef, field: FieldDef): string => msg(`backoffice:resources.${def.name}.fields.${field.source}`);

/** SPEC §5: "Name is required.", with the field's own label, in the request's language. */
const required = (def: ResourceDef, field: FieldDef) => msg('admin.required', { field: fieldLabel(def, field) });

/** Empty text is no value: a cleared input sends "" or null, and both mean "none". */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

function valueSchema(def: ResourceDef, field: FieldDef): z.ZodType {
  const missing = required(def, field);
  // A missing or null required value says which field; any other wrong type says what is expected.
  const typed = (fallback: string) => (issue: { code?: string; input?: unknown }) => {
    if (issue.code !== 'invalid_type') return undefined;
    return field.required && (issue.input === undefined || issue.input === null) ? missing : msg(fallback);
  };
  switch (field.kind) {
    case 'text':
    case 'longtext':
    case 'secret':
      return z
        .string({ error: typed('validation.invalid') })
        .trim()
        .max(field.max ?? 500);
    case 'url':
      return z
        .url({ error: (issue) => (issue.code === 'invalid_type' ? typed('validation.invalid')(issue) : msg('validation.invalidUrl')) })
        .max(field.max ?? 500);
    case 'code':
      return z
        .string({ error: typed('validation.invalid') })
        .trim()
        .max(field.max ?? 40)
        .regex(CODE_PATTERN, { error: msg('validation.invalidCode') });
    case 'hex':
      return z
        .string({ error: typed('validation.invalid') })
        .trim()
        .regex(HEX_PATTERN, { error: msg('validation.invalidHex') });
    case 'cron':
      return z
        .string({ error: typed('validation.invalid') })
        .trim()
        .max(field.max ?? 120)
        .superRefine((value, ctx) => {
          const problem = cronProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: msg(CRON_MESSAGES[problem]) });
        });
    case 'integer':
    case 'limit':
      return z
        .number({ error: typed('validation.notNumber') })
        .int({ error: msg('validation.notInteger') })
        .min(field.min ?? 0)
        .max(field.max ?? 2147483647);
    case 'decimal':
      return z
        .number({ error: typed('validation.notNumber') })
        .min(field.min ?? -1_000_000)
        .max(field.max ?? 1_000_000);
    case 'money':
      return z
        .number({ error: typed('validation.notNumber') })
        .min(0)
        .max(1_000_000_000);
    case 'boolean':
      return z.boolean({ error: typed('validation.invalid') });
    case 'reference':
      return z
        .number({ error: typed('validation.notNumber') })
        .int()
        .min(1)
        .max(2147483647);
    case 'choice':
      return z.enum(field.choices as [string, ...string[]], {
        error: (issue) => (issue.input == null ? typed('validation.invalid')({ ...issue, code: 'invalid_type' }) : undefined),
      });
    case 'translations':
      return z.partialRecord(
        z.enum(LOCALES),
        z
          .string()
          .trim()
          .max(field.max ?? 500)
          .nullable(),
      );
    case 'content': {
      const text = (max: number) =>
        z
          .string({ error: typed('validation.invalid') })
          .trim()
          .max(max);
      const part = z.object({ title: text(200), summary: text(500).optional(), body: text(field.max ?? 100_000) });
      // English is the fallback of every other locale: it needs a title and a body.
      return z.partialRecord(z.enum(LOCALES), part.nullable(), { error: typed('validation.invalid') }).superRefine((content, ctx) => {
        for (const key of ['title', 'body'] as const) {
          if (!content.en_US?.[key]) {
            ctx.addIssue({
              code: 'custom',
              path: ['en_US', key],
              message: msg('admin.required', { field: msg(`backoffice:content.${key}`) }),
            });
          }
        }
      });
    }
  }
}

/**
 * The body of a create or a full update (ra-data-simple-rest sends the whole record on PUT): every
 * declared field, required ones with their own message; fields it does not declare (id, dates,
 * anything the screen adds) are dropped, never written.
 */
export function writeSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields) {
    const value = valueSchema(def, field);
    if (field.kind === 'limit') {
      // A limit is required but may be unlimited: it must be sent, as a number or as null.
      shape[field.source] = z.preprocess((v) => (v === '' ? null : v), value.nullable());
    } else if (field.required && field.kind !== 'boolean') {
      shape[field.source] = z.preprocess(blankToNull, value);
    } else if (field.kind === 'boolean') {
      shape[field.source] = value.optional();
    } else {
      shape[field.source] = z.preprocess(blankToNull, value.nullable().optional());
    }
  }
  return z.object(shape);
}

/** A declared field's value as the admin API answers it; a secret is never answered. */
function readSchema(field: FieldDef): z.ZodType | null {
  switch (field.kind) {
    case 'secret':
      return null;
    case 'boolean':
      return z.boolean();
    case 'integer':
    case 'limit':
    case 'reference':
      return z.number().int().nullable();
    case 'decimal':
    case 'money':
      return z.number().nullable();
    case 'choice':
      return z.enum(field.choices as [string, ...string[]]).nullable();
    case 'translations':
      return z.partialRecord(z.enum(LOCALES), z.string().nullable()).nullable();
    case 'content':
      // Read with its own table: one record has it, a list does not.
      return z
        .partialRecord(z.enum(LOCALES), z.object({ title: z.string(), summary: z.string(), body: z.string() }))
        .optional()
        .meta({ description: 'In every locale it has; on one record, not in a list' });
    default:
      return z.string().nullable();
  }
}

/**
 * A record of a declared resource as the admin API answers it (a list's rows, one record, a write's
 * answer), built from its declaration: its id, every declared field but a secret, and its dates.
 */
export function recordSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { id: z.number().int() };
  for (const field of def.fields) {
    const value = readSchema(field);
    if (value) shape[field.source] = value;
  }
  shape.createdAt = z.string().nullable().optional();
  shape.updatedAt = z.string().nullable().optional();
  return z.object(shape);
}
