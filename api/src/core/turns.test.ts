import { describe, expect, it } from 'vitest';
import { oncePerTurn, perTurnBatch, takeTurns } from './turns.ts';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/**
 * Queues `count` requests on `turn`; each does `work`, which records the request's number in
 * `order`. The first also sets a timer, recorded as 'loop': what the event loop does between turns
 * (on a server, accepting a connection). Resolves once the last request has recorded itself.
 */
function queue(turn: (start: () => void) => void, count: number, order: (number | string)[], work: (record: () => void) => void) {
  return new Promise<void>((resolve) => {
    for (let i = 0; i < count; i++)
      turn(() => {
        if (i === 0) setTimeout(() => order.push('loop'), 0);
        work(() => {
          order.push(i);
          if (i === count - 1) resolve();
        });
      });
  });
}

describe('requests take turns with the event loop', () => {
  it('starts requests in the order they came, the loop getting a turn once a slice is spent', async () => {
    const order: (number | string)[] = [];
    await queue(takeTurns(1), 6, order, (record) => {
      busy(3);
      record();
    });
    expect(order.filter((x) => typeof x === 'number')).toEqual([0, 1, 2, 3, 4, 5]);
    // Each start outlasts the slice: the loop's own work came before the second start, not after all six.
    expect(order.indexOf('loop')).toBe(1);
  });

  it('starts everything in one turn while the slice lasts, and again after the queue ran dry', async () => {
    const turn = takeTurns(50);
    const order: (number | string)[] = [];
    await queue(turn, 3, order, (record) => record());
    expect(order).toEqual([0, 1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise<void>((resolve) =>
      turn(() => {
        order.push(3);
        resolve();
      }),
    );
    expect(order).toEqual([0, 1, 2, 'loop', 3]);
  });

  it('counts what a request does at once in promises within its slice', async () => {
    const order: (number | string)[] = [];
    // Only the part after the first await is slow: a turn still ends after the first request.
    await queue(takeTurns(1), 3, order, (record) => {
      void Promise.resolve().then(() => {
        busy(3);
        record();
      });
    });
    expect(order).toEqual([0, 'loop', 1, 2]);
  });

  it('reads once for all the requests of a run, again in the next run, and every time outside one', async () => {
    let reads = 0;
    const version = oncePerTurn(() => ++reads);
    const seen: number[] = [];
    const turn = takeTurns(50);
    // Three requests queued together start in one run: one read serves them all.
    await new Promise<void>((resolve) => {
      for (let i = 0; i < 3; i++)
        turn(() => {
          seen.push(version());
          if (i === 2) resolve();
        });
    });
    expect(seen).toEqual([1, 1, 1]);
    // A request that arrives once they were answered (after the event loop's I/O, as a request does)
    // starts in a later run, and reads again.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise<void>((resolve) =>
      turn(() => {
        seen.push(version());
        resolve();
      }),
    );
    expect(seen).toEqual([1, 1, 1, 2]);
    // Outside a run (a job, a test, what continues after I/O), each call reads.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([version(), version()]).toEqual([3, 4]);
  });

  it('gathers the keys the requests of a run ask for into one read at its end, and reads each call outside a run', async () => {
    const reads: number[][] = [];
    const read = perTurnBatch(async (keys: number[]) => {
      reads.push(keys);
      return new Map(keys.map((k) => [k, k * 10]));
    });
    const turn = takeTurns(50);
    const answers = await new Promise<Map<number, number>[]>((resolve) => {
      const pending: Promise<Map<number, number>>[] = [];
      for (let i = 0; i < 3; i++)
        turn(() => {
          pending.push(read([i, 7]));
          if (i === 2) resolve(Promise.all(pending));
        });
    });
    expect(reads).toEqual([[0, 7, 1, 2]]);
    expect(answers.map((found, i) => [found.get(i), found.get(7)])).toEqual([
      [0, 70],
      [10, 70],
      [20, 70],
    ]);
    await read([5]);
    expect(reads).toEqual([[0, 7, 1, 2], [5]]);
  });
});
