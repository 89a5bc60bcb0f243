// The API's own schema: the forms must refuse exactly what the server refuses.
import { writeSchema } from '@autoroute/contract/resource-schema';
import { type FieldDef, RESOURCE_NAMES, RESOURCES } from '@autoroute/contract/resources';
import { LOCALES } from '@autoroute/locales/meta';
import { describe, expect, it } from 'vitest';
import { CONTENT_PARTS, checksFor, contentChecks, firstProblem } from './validation.ts';

/** Values a user can type into each kind of input, valid and not. */
function candidates(field: FieldDef): unknown[] {
  const max = field.max ?? 500;
  switch (field.kind) {
    case 'text':
    case 'longtext':
    case 'secret':
      return ['Sedan', '', '   ', 'x'.repeat(max), 'x'.repeat(max + 1), `  ${'x'.repeat(max)}  `];
    case 'code':
      return ['abc', 'a.b-c_d', 'A!', '-a', '', 'x'.repeat(field.max ?? 40), 'x'.repeat((field.max ?? 40) + 1)];
    case 'hex':
      return ['#1E90FF', '#1e90ff', 'purple', '#12345', '#1234567', '', ' #1E90FF '];
    case 'cron':
      return ['30 2 * * *', '*/5 * * * *', '0 0 * * 1-5', 'every night', '61 * * * *', '* * * * * *', ''];
    case 'url':
      return ['https://id.example.test', 'http://localhost:8080/x', 'not a url', 'example.com', ''];
    case 'integer':
    case 'limit':
      return [
        field.min ?? 0,
        (field.min ?? 0) - 1,
        2.5,
        field.max ?? 2147483647,
        (field.max ?? 2147483647) + 1,
        undefined,
        ...(field.kind === 'limit' ? [null] : []),
      ];
    case 'decimal':
      return [48.8566, field.min ?? 0, (field.min ?? 0) - 0.5, field.max ?? 0, (field.max ?? 0) + 0.5, undefined, null];
    case 'money':
      return [19.99, 0, -1, 1_000_000_001, undefined];
    case 'reference':
      return [1, undefined, null];
    case 'choice':
      return [field.choices![0], undefined, null];
    case 'translations':
      return ['Rouge', '', 'x'.repeat(max), 'x'.repeat(max + 1)];
    case 'boolean':
      return [true, false];
    case 'content':
      return [
        { en_US: { title: 'About', body: 'Text' } },
        { en_US: { title: 'About', summary: 'x'.repeat(501), body: 'Text' } },
        { en_US: { title: '  ', body: 'Text' } },
        { en_US: { title: 'x'.repeat(201), body: 'Text' } },
        { fr_FR: { title: 'À propos', body: 'Texte' } },
        { en_US: { title: 'About', body: 'Text' }, de_DE: { title: 'x'.repeat(201), body: 'Text' } },
      ];
  }
}

/** The form refuses a page text when any of its inputs (a part in a language) does. */
function formRefusesContent(field: FieldDef, value: unknown): boolean {
  const content = (value ?? {}) as Record<string, Record<string, string> | undefined>;
  return LOCALES.some((locale) =>
    CONTENT_PARTS.some((part) => firstProblem(contentChecks(field, locale, part, 'Label'), content[locale]?.[part]) !== undefined),
  );
}

/** The server refuses the value for this field (the other fields do not matter here). */
function serverRefuses(name: (typeof RESOURCE_NAMES)[number], field: FieldDef, value: unknown): boolean {
  const body = field.kind === 'translations' ? { [field.source]: { fr_FR: value } } : { [field.source]: value };
  const result = writeSchema(RESOURCES[name]).safeParse(body);
  return !result.success && result.error.issues.some((issue) => issue.path[0] === field.source);
}

describe('admin form checks mirror the API (SPEC §5)', () => {
  it.each(RESOURCE_NAMES)('%s: every field refuses exactly what the server refuses', (name) => {
    const def = RESOURCES[name];
    const disagreements: string[] = [];
    for (const field of def.fields) {
      const checks = checksFor(field, 'Label');
      for (const value of candidates(field)) {
        const client = field.kind === 'content' ? formRefusesContent(field, value) : firstProblem(checks, value) !== undefined;
        const server = serverRefuses(name, field, value);
        if (client !== server)
          disagreements.push(
            `${field.source}=${JSON.stringify(value)}: form ${client ? 'refuses' : 'accepts'}, API ${server ? 'refuses' : 'accepts'}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('says "{{field}} is required." with the API message key, and marks the input required', () => {
    const name = RESOURCES.colors.fields.find((f) => f.source === 'name')!;
    const checks = checksFor(name, 'Name');
    expect(firstProblem(checks, '  ')).toEqual({ message: 'api.admin.required', args: { field: 'Name' } });
    expect(checks.some((c) => c.isRequired)).toBe(true);
    const limit = RESOURCES['cart-details'].fields.find((f) => f.source === 'vehicleLimit')!;
    expect(firstProblem(checksFor(limit, 'Vehicles'), null)).toBeUndefined();
    expect(firstProblem(checksFor(limit, 'Vehicles'), undefined)).toEqual({ message: 'api.admin.required', args: { field: 'Vehicles' } });
  });
});

describe('a schedule that never runs (issue 13 item 12b)', () => {
  it('is refused by the form and by the API with the same reason, not as an unreadable expression', () => {
    const field = RESOURCES.datacrons.fields.find((f) => f.kind === 'cron')!;
    for (const [value, key] of [
      ['0 0 31 2 *', 'validation.cronNeverRuns'],
      ['0 0 30 2 *', 'validation.cronNeverRuns'],
      ['every night', 'validation.invalidCron'],
    ] as const) {
      expect(firstProblem(checksFor(field, 'Schedule'), value)?.message, value).toBe(`api.${key}`);
      const result = writeSchema(RESOURCES.datacrons).safeParse({ [field.source]: value });
      const issue = result.error?.issues.find((i) => i.path[0] === field.source);
      expect(issue?.message, value).toMatch(new RegExp(`${key.replace('.', '\\.')}$`));
    }
  });
});
