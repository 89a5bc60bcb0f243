// Builds the server, the storefront and the back office (`npm run build`, or only those named).
// A build records the hash of the sources it was made from (`dist/.build-hash`, never served:
// the static handlers skip dot files), so `npm start` can say that a build is older than its
// sources. Content, not timestamps: a fresh clone or a copied folder is not "older" for nothing.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.astro', 'test-results']);

/** What each build reads: its own folder, the shared locales, the contract it shares with the API, and the lock. */
export const WORKSPACES = {
  api: { inputs: ['api', 'db', 'locales', 'contract', 'package-lock.json'], output: 'api/dist/server/main.mjs' },
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

export function build(workspaces, root = ROOT) {
  for (const workspace of workspaces) {
    const hash = sourceHash(workspace, root);
    execSync(`npm run build -w ${workspace}`, { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    recordBuild(workspace, hash, root);
  }
  if (workspaces.some((w) => w !== 'api')) execSync('node scripts/precompress.mjs', { cwd: root, stdio: 'inherit' });
}

const LOCK = '.build.lock';
const LOCK_LIMIT_MS = 30 * 60_000;
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * Runs `work` while no other process of this checkout builds: processes started together would
 * otherwise build into the same folders at once. The lock is a file created exclusively (O_EXCL)
 * holding its owner's pid; one whose owner died (kill -9 mid-build) is taken over.
 */
export async function withBuildLock(work, root = ROOT) {
  const file = path.join(root, LOCK);
  let said = false;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const owner = Number.parseInt(existsSync(file) ? readFileSync(file, 'utf8') : '', 10);
      // No pid yet: it is being written, wait for it. A lock older than any build is left over
      // (its pid may since belong to another process).
      const age = existsSync(file) ? Date.now() - statSync(file).mtimeMs : 0;
      if ((owner && !alive(owner)) || age > LOCK_LIMIT_MS) rmSync(file, { force: true });
      else {
        if (!said) console.log(`Another process (${owner || '?'}) is building: waiting for its build…`);
        said = true;
        await sleep(250);
      }
    }
  }
  try {
    return await work();
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * What `npm start` does before serving: builds what was never built (or everything with `force`),
 * one process at a time; a process that waited uses the build the other made. A build older than its
 * sources is used as it is, with a warning: a start never rebuilds on its own.
 */
export async function ensureBuilt({ force = false, root = ROOT } = {}) {
  const missing = () => Object.keys(WORKSPACES).filter((w) => !existsSync(path.join(root, WORKSPACES[w].output)));
  if (force || missing().length)
    return withBuildLock(() => {
      const todo = force ? Object.keys(WORKSPACES) : missing();
      for (const workspace of todo) console.log(`Building the ${workspace}${force ? '' : ': not built yet'}…`);
      build(todo, root);
    }, root);
  const stale = Object.keys(WORKSPACES).filter((w) => staleReason(w, root));
  if (stale.length)
    console.warn(
      `Warning: the build of the ${stale.join(', ')} is older than its sources; "npm run build" (or "npm start -- --build") rebuilds.`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const named = process.argv.slice(2).filter((a) => a in WORKSPACES);
  await withBuildLock(() => build(named.length ? named : Object.keys(WORKSPACES)));
}
