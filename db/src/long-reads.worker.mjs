// A worker thread with its own read-only connection to a SQLite file, for the long reads of
// connect.ts (`longRead`): better-sqlite3 is synchronous, so a read that takes half a second on the
// request thread stops every other request for as long. Plain JavaScript: a worker is a new module
// graph, without the TypeScript loader of the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, mmapBytes } = workerData;
const db = new SQLite(file, { readonly: true });
db.pragma('busy_timeout = 5000');
db.pragma(`mmap_size = ${Number(mmapBytes)}`);

/** Statements by their SQL text: the same few grouping queries recur. */
const statements = new Map();
const STATEMENTS_KEPT = 100;

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(...parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
