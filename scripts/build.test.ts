import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types
import { recordBuild, sourceHash, staleReason } from './build.mjs';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A checkout in miniature: the storefront's sources, the locales, the lock, and a build. */
function checkout() {
  const root = mkdtempSync(path.join(tmpdir(), 'autoroute-build-'));
  folders.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('storefront/src/pages/index.astro', '<h1>Hello</h1>');
  write('locales/en_US.json', '{"hello":"Hello"}');
  write('package-lock.json', '{}');
  write('storefront/dist/server/entry.mjs', 'export const handler = () => {};');
  return { root, write };
}

describe('npm start decides what to rebuild from the sources content', () => {
  it('keeps a build made from the same sources, even when their timestamps change', () => {
    const { root } = checkout();
    recordBuild('storefront', sourceHash('storefront', root), root);
    expect(staleReason('storefront', root)).toBeNull();
    const file = path.join(root, 'storefront/src/pages/index.astro');
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(staleReason('storefront', root)).toBeNull();
  });

  it('rebuilds when a source, a translation or the lock changed, and says why', () => {
    const { root, write } = checkout();
    recordBuild('storefront', sourceHash('storefront', root), root);
    write('locales/en_US.json', '{"hello":"Hi"}');
    expect(staleReason('storefront', root)).toBe('its sources changed since the last build');
    recordBuild('storefront', sourceHash('storefront', root), root);
    write('storefront/src/components/New.astro', '<p>new</p>');
    expect(staleReason('storefront', root)).toBe('its sources changed since the last build');
  });

  it('builds what was never built, and a build from before hashes were recorded', () => {
    const { root } = checkout();
    expect(staleReason('storefront', root)).toBe('its sources changed since the last build');
    expect(staleReason('backoffice', root)).toBe('not built yet');
  });

  it('ignores what a build itself writes', () => {
    const { root, write } = checkout();
    const before = sourceHash('storefront', root);
    write('storefront/dist/client/app.js', 'built');
    write('storefront/.astro/types.d.ts', 'generated');
    write('storefront/node_modules/x/index.js', 'installed');
    expect(sourceHash('storefront', root)).toBe(before);
  });
});
