// The page policy allows scripts from the site's own files and, written in the page, only these:
// their SHA-256 hashes, worked out once at build time and kept in `dist/script-hashes.json`
// (never served), which the server reads when it starts (api/src/server/http.ts). Hashes, not
// nonces: a rendered public page is kept and sent to every visitor alike (decision 024).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';

const SCRIPT_HASHES_FILE = 'script-hashes.json';

/** A CSP source for a script's exact text. */
const scriptHash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function* astroFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* astroFiles(full);
    else if (entry.name.endsWith('.astro')) yield full;
  }
}

/**
 * The text of every `<script is:inline>` in the components that runs (a `type` makes it a data
 * block, JSON or JSON-LD, which runs nothing): Astro writes it into the page exactly as it stands.
 */
function inlineScripts(srcDir) {
  const scripts = [];
  for (const file of astroFiles(srcDir)) {
    // A self-closing tag (`<script … set:html={…} />`) has no text of its own.
    for (const [, attributes = '', body] of readFileSync(file, 'utf8').matchAll(/<script\b([^>]*?)(?:\/>|>([\s\S]*?)<\/script>)/g)) {
      if (body !== undefined && /\bis:inline\b/.test(attributes) && !/\b(type|src|set:html)=/.test(attributes)) scripts.push(body);
    }
  }
  return scripts;
}

/**
 * Astro's own scripts in a page with an island: the island element and the hydration directives
 * (written before the first island that uses each). The small scripts of components are not
 * written into pages (astro.config.mjs keeps them as files).
 */
const ASTRO_SCRIPTS = [islandScript, idle, load, media, only, visible];

/** The integration that writes the hashes when the storefront is built. */
export default function scriptHashes() {
  let outDir;
  let srcDir;
  return {
    name: 'autoroute:script-hashes',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        srcDir = fileURLToPath(config.srcDir);
      },
      'astro:build:done': ({ logger }) => {
        const hashes = [...new Set([...inlineScripts(srcDir), ...ASTRO_SCRIPTS].map(scriptHash))].sort();
        writeFileSync(path.join(outDir, SCRIPT_HASHES_FILE), `${JSON.stringify(hashes, null, 2)}\n`);
        logger.info(`${hashes.length} inline script hashes for the page policy`);
      },
    },
  };
}
