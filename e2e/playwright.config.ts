import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
// Each run starts the real server on an empty data folder: migrations, seed and all. The config is
// evaluated again in each worker, which inherits the folder through the environment (tests read its outbox).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'autoroute-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address the browser uses: the federated sign-in's callback (and its cookie) must be on it.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_VEHICLES: '80',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@e2e.autoroute.local',
      ADMIN_PASSWORD: 'e2e-admin-password',
      // Nothing balances this server: it stops at once.
      SHUTDOWN_GRACE_MS: '0',
      // Every spec's browser comes from this one address: several specs file reports and write to sellers (issue 35).
      RATE_LIMIT_POINTS: 'reportPerIp=100,contactPerIp=100,signupPerIp=200,codePerIp=200,verifyPerIp=400,loginPerIp=400',
    },
  },
});
