import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The layer rules of `npm run lint` (.dependency-cruiser.cjs), run on an API in miniature: a tree
// that keeps them passes; one violation of each kind planted in it makes the check fail, naming it.

const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.join(checkout, '.dependency-cruiser.cjs');
const depcruise = path.join(checkout, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A checkout in miniature with these files (the packages it imports are the real ones). */
function tree(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'autoroute-layers-'));
  folders.push(root);
  symlinkSync(path.join(checkout, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const check = (root: string) =>
  spawnSync(process.execPath, [depcruise, 'api/src', '--config', config, '--output-type', 'err'], { cwd: root, encoding: 'utf8' });

/** The layers kept: core ← domain ← jobs ← http ← the composition root. */
const layered = {
  'api/src/core/errors.ts': 'export class AppError extends Error {}\n',
  'api/src/domain/deps.ts': "import type { Kysely } from 'kysely';\nexport interface DomainDeps { db: Kysely<object> }\n",
  'api/src/domain/cars/cars.data.ts':
    "import { sql } from 'kysely';\nimport type { DomainDeps } from '../deps.ts';\nexport const findCar = (db: DomainDeps['db']) => sql`select 1`.execute(db);\n",
  'api/src/domain/cars/cars.service.ts':
    "import { AppError } from '../../core/errors.ts';\nimport type { DomainDeps } from '../deps.ts';\nimport { findCar } from './cars.data.ts';\nexport const car = async (deps: DomainDeps) => (await findCar(deps.db)) ?? new AppError();\n",
  'api/src/jobs/cars.ts': "import { car } from '../domain/cars/cars.service.ts';\nexport const job = car;\n",
  'api/src/http/context.ts':
    "import type { DomainDeps } from '../domain/deps.ts';\nexport interface Deps extends DomainDeps { jobs: unknown }\n",
  'api/src/http/routes/cars/cars.routes.ts':
    "import { Hono } from 'hono';\nimport { car } from '../../../domain/cars/cars.service.ts';\nimport type { Deps } from '../../context.ts';\nexport const cars = (deps: Deps) => new Hono().get('/', async (c) => c.json(await car(deps)));\n",
  'api/src/app.ts':
    "import { cars } from './http/routes/cars/cars.routes.ts';\nimport { job } from './jobs/cars.ts';\nexport { cars, job };\n",
};

describe('the layer rules (dependency-cruiser, in npm run lint)', () => {
  it('pass a tree whose layers depend one way', () => {
    const result = check(tree(layered));
    expect(result.stdout + result.stderr).not.toMatch(/error/);
    expect(result.status).toBe(0);
  });

  it.each([
    {
      kind: 'a cycle through a type-only import',
      rule: 'no-cycles',
      files: {
        'api/src/domain/cars/cars.data.ts':
          "import { sql } from 'kysely';\nimport type { car } from './cars.service.ts';\nexport type Found = Awaited<ReturnType<typeof car>>;\nexport const findCar = (db: never) => sql`select 1`.execute(db);\n",
      },
      from: 'api/src/domain/cars/cars.(data|service).ts',
    },
    {
      kind: 'the domain importing hono',
      rule: 'domain-without-http',
      files: {
        'api/src/domain/cars/cars.format.ts': "import type { Context } from 'hono';\nexport const say = (c: Context) => c.text('car');\n",
      },
      from: 'api/src/domain/cars/cars.format.ts',
    },
    {
      kind: 'the domain importing @hono/zod-openapi',
      rule: 'domain-without-http',
      files: { 'api/src/domain/cars/cars.inputs.ts': "import { z } from '@hono/zod-openapi';\nexport const Car = z.object({});\n" },
      from: 'api/src/domain/cars/cars.inputs.ts',
    },
    {
      kind: 'the domain importing http/',
      rule: 'domain-without-http',
      files: { 'api/src/domain/cars/cars.deps.ts': "import type { Deps } from '../../http/context.ts';\nexport type CarDeps = Deps;\n" },
      from: 'api/src/domain/cars/cars.deps.ts',
    },
    {
      kind: 'a job importing a route',
      rule: 'jobs-without-http',
      files: { 'api/src/jobs/cars.ts': "import { cars } from '../http/routes/cars/cars.routes.ts';\nexport const job = cars;\n" },
      from: 'api/src/jobs/cars.ts',
    },
    {
      kind: 'SQL outside a data file',
      rule: 'sql-in-data-files',
      files: {
        'api/src/domain/cars/cars.service.ts':
          "import { sql } from 'kysely';\nexport const car = (db: never) => sql`select 1`.execute(db);\n",
      },
      from: 'api/src/domain/cars/cars.service.ts',
    },
  ])('fail on $kind', ({ rule, files, from }) => {
    const result = check(tree({ ...layered, ...files }));
    expect(result.status).not.toBe(0);
    expect(result.stdout).toMatch(new RegExp(`error ${rule}: ${from.replaceAll('.ts', '\\.ts')}`));
  });
});
