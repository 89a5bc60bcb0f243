import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-test-needs.mjs');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder of fake tools: an executable `chromium`, and a `java` answering `-version` as given. */
function tools(javaVersion: string | null) {
  const dir = mkdtempSync(path.join(tmpdir(), 'autoroute-needs-'));
  folders.push(dir);
  const write = (name: string, body: string) => {
    writeFileSync(path.join(dir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(path.join(dir, name), 0o755);
  };
  write('chromium', 'exit 0');
  if (javaVersion) write('java', `echo 'openjdk version "${javaVersion}" 2025-04-15' >&2`);
  return dir;
}

function check(env: { CHROMIUM_PATH: string; PATH: string }) {
  return spawnSync(process.execPath, [script], { encoding: 'utf8', env: { ...env } });
}

describe('npm test checks what it needs first', () => {
  it('passes quietly with Chromium and Java 17', () => {
    const dir = tools('17.0.15');
    const run = check({ CHROMIUM_PATH: path.join(dir, 'chromium'), PATH: dir });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('stops with the one install line when Chromium and Java are missing', () => {
    const dir = tools(null);
    const run = check({ CHROMIUM_PATH: path.join(dir, 'no-chromium'), PATH: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Chromium at ${path.join(dir, 'no-chromium')}`);
    expect(run.stderr).toContain('Java 17 or later');
    expect(run.stderr).toContain('apt-get install -y chromium default-jre-headless');
  });

  it('refuses a Java older than 17', () => {
    const dir = tools('1.8.0_402');
    const run = check({ CHROMIUM_PATH: path.join(dir, 'chromium'), PATH: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('found Java 8');
    expect(run.stderr).not.toContain('Chromium at');
  });
});
