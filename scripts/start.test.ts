import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const scripts = path.dirname(fileURLToPath(import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Where each workspace's build writes (scripts/build.mjs WORKSPACES). */
const OUTPUTS = {
  api: 'api/dist/server/main.mjs',
  storefront: 'storefront/dist/server/entry.mjs',
  backoffice: 'backoffice/dist/index.html',
};

/**
 * A checkout in miniature with the real start and build scripts: each workspace's `npm run build`
 * notes that it ran (builds.log), takes a while, and writes its output; the "server" says it serves.
 */
function checkout() {
  const root = mkdtempSync(path.join(tmpdir(), 'autoroute-start-'));
  folders.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  for (const name of ['start.mjs', 'build.mjs']) {
    mkdirSync(path.join(root, 'scripts'), { recursive: true });
    copyFileSync(path.join(scripts, name), path.join(root, 'scripts', name));
  }
  write('scripts/precompress.mjs', '');
  write('package.json', JSON.stringify({ name: 'mini', private: true, type: 'module', workspaces: Object.keys(OUTPUTS) }));
  write('package-lock.json', '{}');
  write(
    'fake-build.mjs',
    `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
const [workspace, output] = process.argv.slice(2);
appendFileSync('../builds.log', workspace + '\\n');
await new Promise((r) => setTimeout(r, 500));
mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(output, workspace === 'api' ? "console.log('served by ' + process.pid);" : 'built');`,
  );
  for (const [workspace, output] of Object.entries(OUTPUTS)) {
    const inside = path.relative(workspace, output);
    write(
      `${workspace}/package.json`,
      JSON.stringify({ name: workspace, private: true, scripts: { build: `node ../fake-build.mjs ${workspace} ${inside}` } }),
    );
    write(`${workspace}/src/index.ts`, `export const name = '${workspace}';`);
  }
  const start = (...args: string[]) => run(process.execPath, [path.join(root, 'scripts/start.mjs'), ...args], { cwd: root });
  const builds = () =>
    existsSync(path.join(root, 'builds.log')) ? readFileSync(path.join(root, 'builds.log'), 'utf8').trim().split('\n') : [];
  return { root, write, start, builds };
}

/** Every file under the workspaces' dist folders with its modification time. */
const snapshot = (root: string) =>
  Object.keys(OUTPUTS).flatMap((workspace) => {
    const dist = path.join(root, workspace, 'dist');
    return readdirSync(dist, { recursive: true, encoding: 'utf8' }).map((f) => `${workspace}/${f} ${statSync(path.join(dist, f)).mtimeMs}`);
  });

describe('npm start', () => {
  it('runs an existing build as it is, even one older than the sources: it warns, never builds', async () => {
    const { root, write, start, builds } = checkout();
    for (const [workspace, output] of Object.entries(OUTPUTS)) write(output, workspace === 'api' ? "console.log('served');" : 'built');
    const before = snapshot(root);
    const { stdout, stderr } = await start();
    expect(stdout).toContain('served');
    expect(builds()).toEqual([]);
    expect(snapshot(root)).toEqual(before);
    expect(stderr).toMatch(/Warning: the build of the api, storefront, backoffice is older than its sources/);
    expect(existsSync(path.join(root, '.build.lock'))).toBe(false);
  }, 30_000);

  it('builds once when two start together with no build: the second waits and uses the first one’s', async () => {
    const { start, builds } = checkout();
    const [a, b] = await Promise.all([start(), start()]);
    expect(a.stdout).toMatch(/served by \d+/);
    expect(b.stdout).toMatch(/served by \d+/);
    expect(builds().sort()).toEqual(['api', 'backoffice', 'storefront']);
    expect(`${a.stdout}${b.stdout}`).toContain('is building: waiting for its build');
  }, 60_000);

  it('takes over the lock of a build whose process died', async () => {
    const { root, write, start, builds } = checkout();
    const gone = await run(process.execPath, ['-p', 'process.pid']);
    write('.build.lock', gone.stdout);
    const { stdout } = await start();
    expect(stdout).toContain('served');
    expect(builds().sort()).toEqual(['api', 'backoffice', 'storefront']);
    expect(existsSync(path.join(root, '.build.lock'))).toBe(false);
  }, 60_000);

  it('builds everything when asked (--build), and the sources are then current: no warning', async () => {
    const { root, write, start, builds } = checkout();
    for (const [workspace, output] of Object.entries(OUTPUTS)) write(output, workspace === 'api' ? "console.log('served');" : 'built');
    const { stdout } = await start('--build');
    expect(builds().sort()).toEqual(['api', 'backoffice', 'storefront']);
    expect(stdout).toContain('served');
    const again = await start();
    expect(again.stderr).not.toContain('Warning');
    expect(builds()).toHaveLength(3);
    expect(existsSync(path.join(root, '.build.lock'))).toBe(false);
  }, 60_000);
});
