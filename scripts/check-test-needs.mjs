// `npm test` starts here: the end-to-end tests need Chromium and the HTML check needs Java 17 or
// later. Missing either, say what to install, in one line, before any test runs.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const INSTALL = 'apt-get install -y chromium default-jre-headless';
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The missing tools, each with why it is needed. */
export function missingTools() {
  const missing = [];
  try {
    accessSync(chromiumPath, constants.X_OK);
  } catch {
    missing.push(`Chromium at ${chromiumPath} (the end-to-end tests; CHROMIUM_PATH names another)`);
  }
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const version = Number((java.stderr ?? '').match(/version "(?:1\.)?(\d+)/)?.[1] ?? 0);
  if (java.error || java.status !== 0) missing.push('Java 17 or later as `java` on the PATH (the HTML check runs vnu.jar on it)');
  else if (version < 17) missing.push(`Java 17 or later (found Java ${version}) for the HTML check`);
  return missing;
}

const missing = missingTools();
if (missing.length > 0) {
  console.error(`npm test needs:\n${missing.map((m) => `  - ${m}`).join('\n')}\nOn Debian or Ubuntu, as root:\n  ${INSTALL}`);
  process.exit(1);
}
