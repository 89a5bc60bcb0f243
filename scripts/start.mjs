// `npm start`: runs the built server (migrate, seed an empty database, serve). It builds only what
// was never built, or everything with `npm start -- --build`; a build older than the sources is used
// with a warning (`npm run build` rebuilds). The server is compiled JavaScript: no TypeScript at run time.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt, WORKSPACES } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
await ensureBuilt({ force: process.argv.includes('--build') });
process.env.ASTRO_TELEMETRY_DISABLED = '1';
// React and other libraries pick their production builds from this; `npm run dev` runs without it.
process.env.NODE_ENV ??= 'production';
// Stack traces name the TypeScript sources (the bundle's source map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, WORKSPACES.api.output)).href);
