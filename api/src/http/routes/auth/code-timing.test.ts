import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_ANSWER_MS } from '../../../core/config.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../testing.ts';

// Issue 31: a "send a code" step told whether an address has an account by its time (about 15 ms
// with one, 5 ms without). Every such answer now takes at least CODE_ANSWER_MS (decision 036), and
// is the same answer either way. Medians of interleaved runs, compared against the floor with a
// wide margin, keep this steady on a busy machine.
let t: TestApp;
let known: TestMember;
const ROUNDS = 5;

beforeAll(async () => {
  t = await createTestApp({ env: { CODE_ANSWER_MS: String(CODE_ANSWER_MS) } });
  known = await t.member('timed');
});
afterAll(() => t.destroy());

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Answer {
  status: number;
  ms: number;
  body: Record<string, unknown>;
  headers: string[];
}

async function timed(path: string, json: unknown): Promise<Answer> {
  const started = performance.now();
  const res = await t.request(path, { method: 'POST', json });
  const body = (await res.json()) as Record<string, unknown>;
  const ms = performance.now() - started;
  return { status: res.status, ms, body, headers: [...res.headers.keys()].filter((h) => h !== 'x-request-id').sort() };
}

/** The answer with its random parts reduced to their shape (a session id is 24 base64url characters either way), and the address asked about. */
const shape = (a: Answer) => ({
  status: a.status,
  headers: a.headers,
  body: JSON.parse(
    JSON.stringify(a.body)
      .replace(/"sessionId":"[A-Za-z0-9_-]{24}"/, '"sessionId":"<24>"')
      .replace(/"email":"[^"]+"/, '"email":"<asked>"'),
  ) as unknown,
});

/** Interleaved runs for an existing and an unknown account, limits forgotten between them. */
async function compare(ask: (existing: boolean, round: number) => Promise<Answer>) {
  const runs: { existing: Answer[]; unknown: Answer[] } = { existing: [], unknown: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const existing of round % 2 ? [false, true] : [true, false]) {
      for (const name of ['codePerEmail', 'codePerIp', 'signupPerIp'] as const) {
        for (const key of ['local', known.email, 'nobody@example.test']) await t.deps.limiters.reset(name, key);
      }
      runs[existing ? 'existing' : 'unknown'].push(await ask(existing, round));
    }
  }
  for (const a of [...runs.existing, ...runs.unknown]) expect(shape(a)).toEqual(shape(runs.existing[0]!));
  expect(runs.existing[0]!.status).toBe(200);
  const existing = median(runs.existing.map((a) => a.ms));
  const unknown = median(runs.unknown.map((a) => a.ms));
  // Both at the floor: the work (a lookup, a mail) is well below it, so the wait hides it.
  expect(existing, `existing ${existing} ms, unknown ${unknown} ms`).toBeGreaterThanOrEqual(CODE_ANSWER_MS * 0.95);
  expect(unknown, `existing ${existing} ms, unknown ${unknown} ms`).toBeGreaterThanOrEqual(CODE_ANSWER_MS * 0.95);
  expect(Math.abs(existing - unknown), `existing ${existing} ms, unknown ${unknown} ms`).toBeLessThan(CODE_ANSWER_MS * 0.2);
}

describe('an account or none: the same answer in the same time', () => {
  it.each(['/api/v1/auth/generate-otp', '/api/v1/auth/generate-whatsapp-otp'])('%s', async (path) => {
    await compare((existing) => timed(path, { email: existing ? known.email : 'nobody@example.test', purpose: 'reset_password' }));
  });

  it('/api/v1/auth/signup', async () => {
    await compare((existing, round) =>
      timed('/api/v1/auth/signup', {
        // A known address gets a note that it has an account; a new one an account and a code.
        email: existing ? known.email : `fresh${round}@example.test`,
        password: 'a long enough passphrase',
        username: `${existing ? 'again' : 'fresh'}${round}`,
        firstName: 'Test',
        lastName: 'Member',
        phone: '+33612345678',
      }),
    );
  });
});
