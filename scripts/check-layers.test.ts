import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types
import { checkLayers, RULE } from './check-layers.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-layers.mjs');

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** An api/src in miniature, with these files. */
function sources(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'autoroute-layers-'));
  folders.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const run = (root: string) => spawnSync(process.execPath, [script, root], { encoding: 'utf8' });

const clean = {
  'routes/cars/cars.data.ts': [
    "import type { Database } from '@autoroute/db';",
    "import { type Kysely, sql } from 'kysely';",
    '',
    '/** A car by id; undefined when there is none. */',
    'export const findCar = (db: Kysely<Database>, id: number) =>',
    "  db.selectFrom('cars').select(sql<string>`upper(name)`.as('name')).where('id', '=', id).executeTakeFirst();",
    '',
  ].join('\n'),
  'routes/cars/cars.service.ts': [
    "import type { Deps } from '../../context.ts';",
    "import { type Db, findCar, saveCar } from './cars.data.ts';",
    '',
    '// Never selectFrom( here: the data layer does (a comment is no offence).',
    'export const car = (deps: Deps, id: number) => findCar(deps.db, id);',
    "export const rename = (db: Db, id: number) => db.transaction().execute((trx) => saveCar(trx, id, 'http://x//y'));",
    '',
  ].join('\n'),
  'routes/cars/cars.routes.ts': "import { car } from './cars.service.ts';\nexport const get = (deps: never) => car(deps, 1);\n",
};

describe('the layer check: SQL lives in *.data.ts functions taking db first', () => {
  it('passes routes and services that call data functions, and a transaction they open', () => {
    const root = sources(clean);
    expect(checkLayers(root)).toEqual([]);
    const result = run(root);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('no SQL outside *.data.ts');
  });

  it('flags the sql template and query builders in a route or service, with file and line', () => {
    const root = sources({
      ...clean,
      'routes/cars/cars.service.ts': [
        "import type { Kysely } from 'kysely';",
        "import { sql } from 'kysely';",
        '',
        'export async function car(db: Kysely<any>, id: number) {',
        "  const row = await db.selectFrom('cars').selectAll().where('id', '=', id).executeTakeFirst();",
        '  await sql`select 1`.execute(db);',
        '  return row;',
        '}',
        '',
      ].join('\n'),
      'routes/cars/cars.routes.ts': [
        'export const drop = (db: any, id: number) =>',
        '  db',
        "    .deleteFrom('cars')",
        "    .where('id', '=', id)",
        '    .execute();',
        '',
      ].join('\n'),
    });
    const offences = checkLayers(root, root).map((o: { file: string; line: number }) => `${o.file}:${o.line}`);
    expect(offences).toEqual([
      'routes/cars/cars.routes.ts:3',
      'routes/cars/cars.routes.ts:5',
      'routes/cars/cars.service.ts:5',
      'routes/cars/cars.service.ts:5',
      'routes/cars/cars.service.ts:6',
      'routes/cars/cars.service.ts:6',
    ]);

    const result = run(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(RULE);
    expect(result.stderr).toMatch(/cars\.service\.ts:6 +uses the sql tagged template/);
    expect(result.stderr).toMatch(/cars\.routes\.ts:3 +builds a query/);
  });

  it('flags a job that queries itself, and leaves data files and tests alone', () => {
    const root = sources({
      ...clean,
      'jobs/purge.ts': "export const purge = (db: any) => db.deleteFrom('codes').execute();\n",
      'jobs/purge.data.ts': "import { sql } from 'kysely';\nexport const purge = (db: any) => sql`delete from x`.execute(db);\n",
      'jobs/purge.test.ts': "it('purges', () => db.selectFrom('codes').execute());\n",
    });
    expect(checkLayers(root, root).map((o: { file: string; line: number }) => `${o.file}:${o.line}`)).toEqual([
      'jobs/purge.ts:1',
      'jobs/purge.ts:1',
    ]);
    expect(run(root).status).toBe(1);
  });
});
