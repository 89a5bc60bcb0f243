// `npm start`: builds what is not built yet, then runs the server (migrate, seed an empty database, serve).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const missing = [
  ['storefront', 'storefront/dist/server/entry.mjs'],
  ['backoffice', 'backoffice/dist/index.html'],
].filter(([, file]) => !existsSync(path.join(root, file)));
for (const [workspace] of missing) {
  console.log(`Building the ${workspace} (first start only)…`);
  execSync(`npm run build -w ${workspace}`, { stdio: 'inherit' });
}
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// React and other libraries pick their production builds from this; `npm run dev` runs without it.
process.env.NODE_ENV ??= 'production';
register();
await import('../api/src/server/main.ts');
