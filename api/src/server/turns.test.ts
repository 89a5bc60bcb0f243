import { describe, expect, it } from 'vitest';
import { takeTurns } from './turns.ts';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('requests take turns with the event loop', () => {
  it('starts requests in the order they came, the loop getting a turn once a slice is spent', async () => {
    const turn = takeTurns(1);
    const order: (number | string)[] = [];
    const done = new Promise<void>((resolve) => {
      for (let i = 0; i < 6; i++)
        turn(() => {
          // What the loop does between turns: a timer here; on a server, accepting a connection.
          if (i === 0) setTimeout(() => order.push('loop'), 0);
          busy(3);
          order.push(i);
          if (i === 5) resolve();
        });
    });
    await done;
    expect(order.filter((x) => typeof x === 'number')).toEqual([0, 1, 2, 3, 4, 5]);
    // Each start outlasts the slice: the loop's own work came before the second start, not after all six.
    expect(order.indexOf('loop')).toBe(1);
  });

  it('starts everything in one turn while the slice lasts, and again after the queue ran dry', async () => {
    const turn = takeTurns(50);
    const order: (number | string)[] = [];
    const first = new Promise<void>((resolve) => {
      for (let i = 0; i < 3; i++)
        turn(() => {
          if (i === 0) setTimeout(() => order.push('loop'), 0);
          order.push(i);
          if (i === 2) resolve();
        });
    });
    await first;
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
    const turn = takeTurns(1);
    const order: (number | string)[] = [];
    const done = new Promise<void>((resolve) => {
      for (let i = 0; i < 3; i++)
        turn(() => {
          if (i === 0) setTimeout(() => order.push('loop'), 0);
          // Only the part after the first await is slow: a turn still ends after the first request.
          void Promise.resolve().then(() => {
            busy(3);
            order.push(i);
            if (i === 2) resolve();
          });
        });
    });
    await done;
    expect(order).toEqual([0, 'loop', 1, 2]);
  });
});
