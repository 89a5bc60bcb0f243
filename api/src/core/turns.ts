/** The run of `takeTurns` under way, if any: the requests it starts all arrived before it began. */
let running: object | null = null;
/** What waits for the end of the run under way (perTurnBatch's reads). */
let atRunEnd: (() => void)[] = [];

/**
 * Starts the server's requests in the order they arrive, a slice of each turn of the event loop at a
 * time (docs/decisions/024-page-cache.md, "Accepting under load").
 *
 * Node accepts one new connection per turn of its event loop (libuv 1.45 and later, libuv/libuv#3696).
 * When a turn handles every request that arrived during it, a busy server's turn lasts as long as all
 * of them: at 200 connections, 40 ms a turn, so 25 new connections a second, and a visitor who
 * connects then waits seconds before the server even reads their request (0.1 % of requests over 2 s
 * while p99 stayed under 100 ms). Here a turn starts requests for `sliceMs` at most; the others wait,
 * in order, for the next turn, which begins by accepting a waiting connection. Under light load a
 * request starts in the turn it arrived in, as before.
 */
export function takeTurns(sliceMs: number): (start: () => void) => void {
  let waiting: (() => void)[] = [];
  let scheduled = false;
  const run = async () => {
    const began = performance.now();
    // Every request this run starts arrived before it began (no I/O is read while it lasts).
    const turn = {};
    let next = 0;
    while (next < waiting.length && performance.now() - began <= sliceMs) {
      running = turn;
      const start = waiting[next++]!;
      try {
        start();
      } catch (error) {
        // As a request listener's throw always was: uncaught. The requests after it still start.
        process.nextTick(() => {
          throw error;
        });
      }
      // What the request does at once in promises runs here, inside the slice that counts it.
      await null;
    }
    running = null;
    const ending = atRunEnd;
    atRunEnd = [];
    for (const end of ending) end();
    waiting = waiting.slice(next);
    if (waiting.length > 0) setImmediate(run);
    else scheduled = false;
  };
  return (start) => {
    waiting.push(start);
    if (!scheduled) {
      scheduled = true;
      setImmediate(run);
    }
  };
}

/**
 * `read` made at most once per run of requests (docs/decisions/024-page-cache.md, "One version read
 * a turn"): the requests a run starts all arrived before it began, so one read made during the run
 * is at least as new as each of them, as a read of their own would be. A request that arrives once
 * a write has answered (on this process or another) is read in a later run, and sees it. Outside a
 * run (jobs, tests, what continues after I/O) every call reads.
 */
export function oncePerTurn<T>(read: () => T): () => T {
  let kept: { turn: object; value: T } | null = null;
  return () => {
    if (running === null) return read();
    if (kept?.turn !== running) kept = { turn: running, value: read() };
    return kept.value;
  };
}

/**
 * `readMany` made once per run of requests for all the keys its requests asked for (docs/decisions/040):
 * each request's keys join the run's batch, read when the run ends; as for `oncePerTurn`, the read
 * is at least as new as each request of the run. On PostgreSQL, the listing versions of every page
 * a run serves are then one statement instead of one each. Outside a run every call reads.
 */
export function perTurnBatch<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>): (keys: readonly K[]) => Promise<Map<K, V>> {
  let batch: { turn: object; keys: Set<K>; result: Promise<Map<K, V>> } | null = null;
  return (keys) => {
    if (running === null) return readMany([...keys]);
    if (batch?.turn !== running) {
      const asked = new Set<K>();
      const result = new Promise<Map<K, V>>((resolve, reject) => {
        atRunEnd.push(() => void readMany([...asked]).then(resolve, reject));
      });
      batch = { turn: running, keys: asked, result };
    }
    for (const key of keys) batch.keys.add(key);
    return batch.result;
  };
}

/**
 * For a job that works through many items with SQLite, whose reads hold the thread: every `every`
 * calls, the returned function waits for the next turn of the event loop, so the requests that
 * arrived meanwhile are served between the job's steps instead of after the whole job (a pass of
 * the saved-search alerts over 10,000 searches held every request for 300 ms).
 */
export function givingTurns(every: number): () => Promise<void> {
  let calls = 0;
  return async () => {
    calls += 1;
    if (calls % every === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  };
}
