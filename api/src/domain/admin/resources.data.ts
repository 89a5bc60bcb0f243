import { type DeclaredTable, type FieldDef, RESOURCES, type ResourceDef, type UsageDef } from '@autoroute/contract/resources';
import { type Database, type DialectName, nowIso, parseJson, toFlag } from '@autoroute/db';
import { type Locale, languageTag } from '@autoroute/locales';
import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import { inIdOrder } from '../../core/in-order.ts';
import { toMajor, toMinor } from '../../core/reference.ts';
import { inTransaction } from '../../core/transaction.ts';
import { containsAny, idPage, type ListQuery } from './list-page.data.ts';

/*
 * Data functions for the declared resources: the table, the columns and the references all come
 * from the declaration, so one set of functions serves every plain resource. They take the database
 * as every data function does (Kysely<Database>) and query it through one view, ResourceDb: its tables
 * are the declared ones, each checked below to be a table of the schema; its columns are the
 * declared columns, strings the declarations give at run time, so a row is a record of unknowns.
 */
type Db = Kysely<Database>;
type Row = Record<string, unknown>;

/** Fails to compile when a declaration names a table the schema does not have (the contract cannot see the schema). */
type SchemaTable<T extends keyof Database> = T;
type ResourceTable = SchemaTable<DeclaredTable>;

/** The database as the declared resources see it: their tables by name, their columns as declared. */
type ResourceDb = Kysely<Record<ResourceTable, Row>>;
const resourceDb = (db: Db): ResourceDb => db as unknown as ResourceDb;
/** A content field's table, which its `column` names (`page_translations`, a DeclaredTable). */
const contentTable = (field: FieldDef) => field.column as ResourceTable;

const columnOf = (def: ResourceDef, source: string): string => {
  if (source === 'id') return 'id';
  if (source === 'createdAt') return 'created_at';
  if (source === 'updatedAt') return 'updated_at';
  const field = def.fields.find((f) => f.source === source);
  if (!field) throw new Error(`${def.name} has no field ${source}`);
  return field.column;
};

/** Minor units of each currency, for resources with a money field. */
async function minorUnits(db: ResourceDb, def: ResourceDef): Promise<Map<number, number>> {
  if (!def.fields.some((f) => f.kind === 'money')) return new Map();
  const rows = await db.selectFrom('currencies').select(['id', 'minor_units']).execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.minor_units)]));
}

/** A row as the API shows it: the declared sources, never a secret. */
function toRecord(def: ResourceDef, row: Row, units: Map<number, number>): Row {
  const record: Row = { id: Number(row.id) };
  for (const field of def.fields) {
    const value = row[field.column];
    switch (field.kind) {
      case 'secret':
      case 'content':
        break;
      case 'boolean':
        record[field.source] = Number(value) === 1;
        break;
      case 'translations':
        record[field.source] = parseJson<Record<string, string> | null>(value as string | null, null);
        break;
      case 'money': {
        const currency = def.fields.find((f) => f.source === field.currency);
        const currencyId = currency ? Number(row[currency.column]) : 0;
        record[field.source] = value == null ? null : toMajor(Number(value), units.get(currencyId) ?? 2);
        break;
      }
      case 'integer':
      case 'decimal':
      case 'limit':
      case 'reference':
        record[field.source] = value == null ? null : Number(value);
        break;
      default:
        record[field.source] = value ?? null;
    }
  }
  record.createdAt = row.created_at;
  record.updatedAt = row.updated_at;
  return record;
}

/**
 * Whether a list sorted by this source is sorted in JS by the reader's collation (Łódź after Lisbon,
 * not after Zurich), the same on SQLite and PostgreSQL: names and codes. Declared resources are
 * reference data (a few hundred rows), so reading every matching id and name to sort them is cheap.
 */
const collated = (def: ResourceDef, source: string) =>
  def.fields.some((f) => f.source === source && (f.kind === 'text' || f.kind === 'code'));

/** The ids of one page of `filtered`, sorted by `column` in `locale`'s collation (ties by id), and the total. */
async function collatedPage(
  filtered: SelectQueryBuilder<any, any, any>,
  column: string,
  query: ListQuery,
  locale: Locale,
): Promise<{ ids: number[]; total: number }> {
  const rows = await filtered.select(['id', `${column} as sort_key`]).execute();
  const collator = new Intl.Collator(languageTag(locale), { numeric: true });
  const direction = query.sort.order === 'ASC' ? 1 : -1;
  rows.sort((a, b) => direction * collator.compare(String(a.sort_key ?? ''), String(b.sort_key ?? '')) || Number(a.id) - Number(b.id));
  return { ids: rows.slice(query.range.start, query.range.end + 1).map((r) => Number(r.id)), total: rows.length };
}

/** Filters of a list: `q` searches the declared columns, `id` takes a list, the declared filters match exactly. */
function where(def: ResourceDef, filter: Record<string, unknown>, dialect: DialectName) {
  return (eb: ExpressionBuilder<any, any>) => {
    const terms: Expression<SqlBool>[] = [];
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === null || value === '') continue;
      if (key === 'q') {
        terms.push(containsAny(eb, def.search, String(value), dialect));
      } else if (key === 'id') {
        terms.push(eb('id', 'in', value as number[]));
      } else {
        const field = def.fields.find((f) => f.source === key) as FieldDef;
        const v = field.kind === 'boolean' ? toFlag(value === true || value === 'true' || value === 1) : value;
        terms.push(Array.isArray(v) ? eb(field.column, 'in', v) : eb(field.column, '=', v));
      }
    }
    return eb.and(terms);
  };
}

/** One page of ids of a resource's rows the filter keeps, in the list's sort (names by the reader's collation), and the total. */
export async function recordIdPage(
  database: Db,
  dialect: DialectName,
  def: ResourceDef,
  query: ListQuery,
  locale: Locale,
): Promise<{ ids: number[]; total: number }> {
  const db = resourceDb(database);
  const filtered = db.selectFrom(def.table).where(where(def, query.filter, dialect));
  const sort = columnOf(def, query.sort.field);
  return collated(def, query.sort.field) ? collatedPage(filtered, sort, query, locale) : idPage(filtered, { id: 'id', sort }, query);
}

/** Rows by id as a list shows them (their content left out), in the order of `ids`. */
export async function listedRecords(database: Db, def: ResourceDef, ids: number[]): Promise<Row[]> {
  const db = resourceDb(database);
  if (!ids.length) return [];
  const [rows, units] = await Promise.all([db.selectFrom(def.table).selectAll().where('id', 'in', ids).execute(), minorUnits(db, def)]);
  return inIdOrder(ids, rows).map((r) => toRecord(def, r, units));
}

/**
 * One page of a resource's rows as another screen shows them (docs/decisions/019-reference-reads.md):
 * the id and the title only, searched by title (`q`) or picked by id.
 */
export async function listReferences(database: Db, dialect: DialectName, def: ResourceDef, query: ListQuery, locale: Locale) {
  const db = resourceDb(database);
  const title = columnOf(def, def.title);
  const filtered = db.selectFrom(def.table).where((eb) => {
    const terms: Expression<SqlBool>[] = [];
    const { q, id } = query.filter;
    if (typeof q === 'string' && q.trim()) terms.push(containsAny(eb, [title], q, dialect));
    if (Array.isArray(id)) terms.push(eb('id', 'in', id as number[]));
    return eb.and(terms);
  });
  const page = collated(def, query.sort.field)
    ? await collatedPage(filtered, title, query, locale)
    : await idPage(filtered, { id: 'id', sort: columnOf(def, query.sort.field) }, query);
  const rows = page.ids.length
    ? await db
        .selectFrom(def.table)
        .select(['id', `${title} as title`])
        .where('id', 'in', page.ids)
        .execute()
    : [];
  return { records: inIdOrder(page.ids, rows).map((r) => ({ id: Number(r.id), [def.title]: r.title as string })), total: page.total };
}

/** One row with everything, its content in every locale included (lists leave the content out). */
export async function findRecord(database: Db, def: ResourceDef, id: number): Promise<Row | null> {
  const db = resourceDb(database);
  const row = await db.selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const record = toRecord(def, row, await minorUnits(db, def));
  for (const field of def.fields.filter((f) => f.kind === 'content')) {
    const parts = await db
      .selectFrom(contentTable(field))
      .select(['locale', 'title', 'summary', 'body'])
      .where(field.parentKey!, '=', id)
      .execute();
    record[field.source] = Object.fromEntries(parts.map((p) => [String(p.locale), { title: p.title, summary: p.summary, body: p.body }]));
  }
  return record;
}

type Content = Record<string, { title: string; summary?: string; body: string } | null>;

/** Replaces a row's content in every locale given (a locale left out or null has none). */
async function saveContent(db: ResourceDb, def: ResourceDef, id: number, body: Row) {
  for (const field of def.fields.filter((f) => f.kind === 'content')) {
    const content = body[field.source] as Content | undefined;
    if (content === undefined) continue;
    await db.deleteFrom(contentTable(field)).where(field.parentKey!, '=', id).execute();
    const rows = Object.entries(content).flatMap(([locale, part]) =>
      part?.title && part.body ? [{ [field.parentKey!]: id, locale, title: part.title, summary: part.summary ?? '', body: part.body }] : [],
    );
    if (rows.length) await db.insertInto(contentTable(field)).values(rows).execute();
  }
}

/** Column values for a validated body: flags as 0/1, money in minor units, translations as JSON. */
async function toColumns(db: ResourceDb, def: ResourceDef, body: Row, creating: boolean): Promise<Row> {
  const columns: Row = {};
  const units = await minorUnits(db, def);
  for (const field of def.fields) {
    if (field.kind === 'content') continue;
    let value = body[field.source];
    if (value === undefined) {
      if (!creating || field.kind === 'secret') continue;
      value = field.defaultValue ?? null;
    }
    switch (field.kind) {
      case 'secret':
        // Never read back, so an empty value on an update keeps the one stored.
        if (value === null && !creating) continue;
        break;
      case 'boolean':
        value = toFlag(Boolean(value));
        break;
      case 'translations': {
        const kept = Object.entries((value ?? {}) as Record<string, string | null>).filter(([, text]) => text);
        value = kept.length ? JSON.stringify(Object.fromEntries(kept)) : null;
        break;
      }
      case 'money':
        value = value == null ? null : toMinor(Number(value), units.get(Number(body[field.currency ?? ''])) ?? 2);
        break;
    }
    columns[field.column] = value;
  }
  return columns;
}

/** References that point at no row: the sources to report. */
export async function missingReferences(database: Db, def: ResourceDef, body: Row): Promise<FieldDef[]> {
  const db = resourceDb(database);
  const missing: FieldDef[] = [];
  for (const field of def.fields) {
    const id = body[field.source];
    if (field.kind !== 'reference' || id == null) continue;
    const target = RESOURCES[field.reference!];
    const found = await db.selectFrom(target.table).select('id').where('id', '=', id).executeTakeFirst();
    if (!found) missing.push(field);
  }
  return missing;
}

/** The first unique set another row already holds with these values, if any. */
export async function duplicateOf(database: Db, def: ResourceDef, body: Row, exceptId?: number): Promise<string[] | null> {
  const db = resourceDb(database);
  for (const sources of def.unique) {
    const values = sources.map((s) => body[s]);
    if (values.some((v) => v == null)) continue;
    let query = db.selectFrom(def.table).select('id');
    sources.forEach((source, i) => {
      query = query.where(columnOf(def, source), '=', values[i]);
    });
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) return sources;
  }
  return null;
}

export async function insertRecord(database: Db, def: ResourceDef, body: Row): Promise<number> {
  const db = resourceDb(database);
  return inTransaction(db, async (tx) => {
    const row = await tx
      .insertInto(def.table)
      .values(await toColumns(tx, def, body, true))
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveContent(tx, def, Number(row.id), body);
    return Number(row.id);
  });
}

export async function updateRecord(database: Db, def: ResourceDef, id: number, body: Row): Promise<boolean> {
  const db = resourceDb(database);
  return inTransaction(db, async (tx) => {
    const named = def.usedBy.filter((use) => use.byName);
    const before = named.length ? await tx.selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    const result = await tx
      .updateTable(def.table)
      .set({ ...(await toColumns(tx, def, body, false)), updated_at: nowIso() })
      .where('id', '=', id)
      .executeTakeFirst();
    await saveContent(tx, def, id, body);
    if (before) await renameWhereNamed(tx, def, named, before, id);
    return Number(result.numUpdatedRows) > 0;
  });
}

/** What names a row in the rows that name it (UsageDef.byName): its title, and its parent's where it has one. */
async function namesOf(db: ResourceDb, def: ResourceDef, use: UsageDef, row: Row): Promise<{ title: string; parent?: string }> {
  const title = String(row[columnOf(def, def.title)]);
  const parent = use.byName?.parent;
  if (!parent) return { title };
  const field = def.fields.find((f) => f.source === parent.source)!;
  const target = RESOURCES[field.reference!];
  const found = await db
    .selectFrom(target.table)
    .select(`${columnOf(target, target.title)} as title`)
    .where('id', '=', row[field.column] as number)
    .executeTakeFirst();
  return { title, parent: String(found?.title ?? '') };
}

/** The rows of `use` that point at (or name) this row. */
function usingRows(db: ResourceDb, use: UsageDef, id: number, names?: { title: string; parent?: string }) {
  let query = db.selectFrom(use.table);
  if (!use.byName) return query.where(use.column, '=', id);
  query = query.where(use.column, '=', names!.title);
  const parent = use.byName.parent;
  return parent ? query.where(parent.column, '=', names!.parent ?? '') : query;
}

/** A renamed row (or a model moved to another make) keeps the rows that name it: they take its new names. */
async function renameWhereNamed(db: ResourceDb, def: ResourceDef, uses: UsageDef[], before: Row, id: number) {
  const after = (await db.selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
  for (const use of uses) {
    const [was, is] = await Promise.all([namesOf(db, def, use, before), namesOf(db, def, use, after)]);
    if (was.title === is.title && was.parent === is.parent) continue;
    const parent = use.byName!.parent;
    await db
      .updateTable(use.table)
      .set({ [use.column]: is.title, ...(parent ? { [parent.column]: is.parent } : {}), updated_at: nowIso() })
      .where(use.column, '=', was.title)
      .$if(Boolean(parent), (q) => q.where(parent!.column, '=', was.parent ?? ''))
      .execute();
  }
}

/** How many rows of each kind still point at this one (only kinds with rows). */
export async function usagesOf(database: Db, def: ResourceDef, id: number): Promise<{ label: string; count: number }[]> {
  const db = resourceDb(database);
  const row = def.usedBy.some((use) => use.byName)
    ? await db.selectFrom(def.table).selectAll().where('id', '=', id).executeTakeFirst()
    : undefined;
  const counts = await Promise.all(
    def.usedBy.map(async (use) => {
      const names = use.byName && row ? await namesOf(db, def, use, row) : undefined;
      if (use.byName && !names) return { label: use.label, count: 0 };
      const found = await usingRows(db, use, id, names)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return { label: use.label, count: Number(found.n) };
    }),
  );
  // Several columns of one table (a vehicle's country, origin and first registration) add up under one label.
  const byLabel = new Map<string, number>();
  for (const c of counts) if (c.count > 0) byLabel.set(c.label, (byLabel.get(c.label) ?? 0) + c.count);
  return [...byLabel].map(([label, count]) => ({ label, count }));
}

export async function deleteRecord(database: Db, def: ResourceDef, id: number): Promise<void> {
  const db = resourceDb(database);
  await db.deleteFrom(def.table).where('id', '=', id).execute();
}

/** A unique or foreign-key violation raised by the database (a write that raced a check), on either engine. */
export function isConstraintViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (/^SQLITE_CONSTRAINT/.test(code) || code === '23505' || code === '23503');
}
