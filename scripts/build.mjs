// Builds the storefront and the back office, each only when asked or when its sources changed.
// A build records the hash of the sources it was made from (`dist/.build-hash`, never served:
// the static handlers skip dot files), so `npm start` after `git pull` rebuilds what changed and
// nothing else. Content, not timestamps: a fresh clone or a copied folder does not rebuild for nothing.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.astro', 'test-results']);

/** What each build reads: its own folder, the shared locales, the contract it shares with the API, and the lock. */
export const WORKSPACES = {
  storefront: { inputs: ['storefront', 'locales', 'contract', 'package-lock.json'], output: 'storefront/dist/server/entry.mjs' },
  backoffice: { inputs: ['backoffice', 'locales', 'contract', 'package-lock.json'], output: 'backoffice/dist/index.html' },
};

function* files(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const item of readdirSync(full, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (SKIP.has(item.name)) continue;
    const child = path.posix.join(entry, item.name);
    if (item.isDirectory()) yield* files(root, child);
    else if (item.isFile()) yield child;
  }
}

export function sourceHash(workspace, root = ROOT) {
  const hash = createHash('sha256');
  for (const input of WORKSPACES[workspace].inputs) {
    for (const file of files(root, input))
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0');
  }
  return hash.digest('hex');
}

const stamp = (workspace, root = ROOT) => path.join(root, workspace, 'dist/.build-hash');

/** Why the workspace needs a build, or null when its build matches its sources. */
export function staleReason(workspace, root = ROOT) {
  if (!existsSync(path.join(root, WORKSPACES[workspace].output))) return 'not built yet';
  const recorded = existsSync(stamp(workspace, root)) ? readFileSync(stamp(workspace, root), 'utf8').trim() : null;
  if (recorded !== sourceHash(workspace, root)) return 'its sources changed since the last build';
  return null;
}

/** Records that the workspace's build was made from these sources. */
export function recordBuild(workspace, hash, root = ROOT) {
  writeFileSync(stamp(workspace, root), `${hash}\n`);
}

export function build(workspaces) {
  for (const workspace of workspaces) {
    const hash = sourceHash(workspace);
    execSync(`npm run build -w ${workspace}`, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    recordBuild(workspace, hash);
  }
  if (workspaces.length) execSync('node scripts/precompress.mjs', { cwd: ROOT, stdio: 'inherit' });
}

/** Builds each workspace whose build is missing or older than its sources, saying why. */
export function buildIfChanged() {
  const stale = Object.keys(WORKSPACES)
    .map((workspace) => [workspace, staleReason(workspace)])
    .filter(([, reason]) => reason);
  for (const [workspace, reason] of stale) console.log(`Building the ${workspace}: ${reason}…`);
  build(stale.map(([workspace]) => workspace));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const named = process.argv.slice(2).filter((a) => a in WORKSPACES);
  build(named.length ? named : Object.keys(WORKSPACES));
}
