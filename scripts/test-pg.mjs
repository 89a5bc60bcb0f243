// The database and API suites once more on PostgreSQL, when TEST_DATABASE_URL names a server.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: skipping the PostgreSQL run (set it to postgres://user@host:5432/db to run it).');
  process.exit(0);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'db', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DIALECT: 'postgres' },
});
process.exit(run.status ?? 1);
