// Compiles the server (the API with the database, contract and locales workspaces it imports) into one
// JavaScript file, api/dist/server/main.mjs, so `npm start` runs no TypeScript compiler. Installed
// packages stay imports (node_modules is there at run time); only our workspaces are bundled.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Three folders below the checkout, like api/src/server/: paths built from import.meta.url there
// (http.ts finds the storefront's and back office's builds) still land in the checkout.
const out = path.join(root, 'api/dist/server');

/**
 * Installed packages are bundled too: Node resolving and reading some four thousand small modules one by
 * one costs seconds at every start. Left to Node at run time: native addons, and packages that find
 * their own files by path or start workers from them.
 */
const LEFT_TO_NODE =
  /^(better-sqlite3|sharp|roaring|@node-rs\/argon2|pg|pg-native|pino|thread-stream|swagger-ui-dist|twilio|stripe|ioredis)(\/|$)/;
const installedPackages = {
  name: 'installed-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (LEFT_TO_NODE.test(args.path) ? { path: args.path, external: true } : undefined));
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [path.join(root, 'api/src/server/main.ts')],
  outfile: path.join(out, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [installedPackages],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
// Loaded by path beside the module that starts it (db/src/connect.ts: new URL(…, import.meta.url)).
copyFileSync(path.join(root, 'db/src/long-reads.worker.mjs'), path.join(out, 'long-reads.worker.mjs'));
console.log('bundled the server into api/dist/server/main.mjs');
