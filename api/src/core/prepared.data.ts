import type { Database } from '@autoroute/db';
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

type Db = Kysely<Database>;

/** Stands for a named value while a prepared query is compiled; replaced by the value at each run. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query of a fixed shape, built and compiled once per database, then run with each call's values.
 * For a wide join, kysely's building and compiling costs several times what the database takes to
 * run it, on a path every page view takes. `build` receives stand-ins for the values: pass them
 * only where kysely sends values as parameters (comparisons), never to `sql.lit` or as names.
 */
export function prepared<Values extends Record<string, unknown>, Row>(build: (db: Db, values: Values) => Compilable<Row>) {
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db: Db, values: Values): Promise<Row[]> => {
    let query = compiled.get(db);
    if (!query) {
      const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)]));
      query = build(db, slots as Values).compile();
      const used = new Set(query.parameters.flatMap((p) => (p instanceof Slot ? [p.name] : [])));
      const unused = Object.keys(values).filter((name) => !used.has(name));
      if (unused.length) throw new Error(`prepared query: ${unused.join(', ')} did not become parameters`);
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.name] : p));
    return (await db.executeQuery(CompiledQuery.raw(query.sql, parameters))).rows as Row[];
  };
}
