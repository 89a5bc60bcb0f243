import { defineConfig } from 'vitest/config';

// One runner for unit and API tests; Playwright specs live in e2e/ under their own runner.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['contract/**/*.test.ts'] } },
      { test: { name: 'locales', include: ['locales/**/*.test.ts'] } },
      { test: { name: 'db', include: ['db/**/*.test.ts'], testTimeout: 60000, hookTimeout: 120000 } },
      { test: { name: 'api', include: ['api/**/*.test.ts'], testTimeout: 30000, hookTimeout: 120000 } },
      { test: { name: 'storefront', include: ['storefront/src/**/*.test.ts'], testTimeout: 30000, hookTimeout: 120000 } },
      { test: { name: 'backoffice', include: ['backoffice/src/**/*.test.ts'], testTimeout: 30000 } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
