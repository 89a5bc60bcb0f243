// `npm start`: builds what is not built or changed since its build, then runs the server (migrate,
// seed an empty database, serve).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { buildIfChanged } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
buildIfChanged();
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// React and other libraries pick their production builds from this; `npm run dev` runs without it.
process.env.NODE_ENV ??= 'production';
register();
await import('../api/src/server/main.ts');
