import { describe, expect, it } from 'vitest';
import { describeRun, loadDescriber, nextRuns } from './cron.ts';

describe('the cron field preview', () => {
  it('lists the next five runs of an expression (read in UTC, as the scheduler does), none of an invalid one', () => {
    const from = new Date('2026-06-01T10:00:00Z');
    const runs = nextRuns('30 2 * * *', 5, from)!;
    expect(runs).toHaveLength(5);
    expect(runs.map((d) => [d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()])).toEqual([
      [2, 2, 30],
      [3, 2, 30],
      [4, 2, 30],
      [5, 2, 30],
      [6, 2, 30],
    ]);
    expect(nextRuns('every night', 5, from)).toBeNull();
  });

  it('describes it in the locale when cronstrue knows it, in English otherwise', async () => {
    expect((await loadDescriber('en_US'))('30 2 * * *')).toBe('At 02:30');
    expect((await loadDescriber('fr_FR'))('30 2 * * *')).toMatch(/^À 02:30/);
    expect((await loadDescriber('xx_XX'))('30 2 * * *')).toBe('At 02:30');
    expect((await loadDescriber('en_US'))('not cron')).toBeNull();
  });

  it('writes each run as a date in words with how far it is, in the locale', () => {
    const now = new Date('2026-06-01T10:00:00');
    const run = new Date('2026-06-03T02:30:00');
    expect(describeRun(run, 'en_US', now)).toEqual({ when: expect.stringMatching(/Wednesday, June 3, 2026/), relative: 'in 2 days' });
    expect(describeRun(run, 'fr_FR', now).when).toMatch(/mercredi 3 juin 2026/);
  });
});
