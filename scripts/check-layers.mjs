#!/usr/bin/env node
// SQL lives in *.data.ts: fails when any other source file of the API (a route, a service, a job,
// a middleware…) builds or runs a query itself. The imports between layers and cycles are checked
// by dependency-cruiser (.dependency-cruiser.cjs); this check reads what an import cannot show.
// Usage: node scripts/check-layers.mjs [root]   (root defaults to api/src of this checkout)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RULE = 'SQL lives in *.data.ts functions taking db first';

/** The files the rule applies to: every source file but the data files, tests and test harnesses. */
const CHECKED = /\.(ts|tsx|mts)$/;
const EXEMPT = /(\.data\.(ts|mts)|\.test\.(ts|tsx)|\.d\.ts)$|^testing[\w-]*\.ts$/;

/** What a route or service may not contain, each with what it means. */
const OFFENCES = [
  { pattern: /\bsql\s*(<[^`;]*?>)?\s*`/g, what: 'uses the sql tagged template' },
  { pattern: /\bsql\.(ref|raw|lit|id|join|table|val|value)\s*\(/g, what: 'uses a sql helper' },
  {
    pattern: /\.\s*(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(/g,
    what: 'builds a query',
  },
  { pattern: /\.\s*(executeTakeFirst|executeTakeFirstOrThrow|executeQuery)\s*\(/g, what: 'runs a query' },
  // `.execute(` runs a query, except where it runs a transaction (`db.transaction().execute(…)`).
  { pattern: /\.\s*execute\s*\(/g, what: 'runs a query', unless: /\.\s*transaction\s*\(\s*\)(\s*\.\s*set\w+\s*\([^()]*\))*\s*$/ },
];

/** The text with its comments blanked (newlines kept, so offsets still give line numbers). */
export function withoutComments(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') {
        out += ' ';
        i++;
      }
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      for (; i < stop; i++) out += text[i] === '\n' ? '\n' : ' ';
    } else if (c === "'" || c === '"') {
      // A quoted string is copied whole: a `//` inside it (a URL) is no comment.
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Every offence of one file's text: its line and what it does. */
export function offencesIn(text) {
  const code = withoutComments(text);
  const found = [];
  for (const { pattern, what, unless } of OFFENCES) {
    for (const match of code.matchAll(pattern)) {
      if (unless?.test(code.slice(0, match.index))) continue;
      const line = code.slice(0, match.index).split('\n').length;
      found.push({ line, what, text: text.split('\n')[line - 1].trim() });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

function* sourceFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (CHECKED.test(entry.name) && !EXEMPT.test(entry.name)) yield file;
  }
}

/** The offences under `root`, each with its file (relative to `base`), line and what it does. */
export function checkLayers(root, base = process.cwd()) {
  const offences = [];
  for (const file of sourceFiles(root)) {
    for (const offence of offencesIn(readFileSync(file, 'utf8'))) {
      offences.push({ file: path.relative(base, file).split(path.sep).join('/'), ...offence });
    }
  }
  return offences.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const root = path.resolve(process.argv[2] ?? path.join(checkout, 'api/src'));
  const offences = checkLayers(root);
  if (offences.length) {
    const files = new Set(offences.map((o) => o.file)).size;
    console.error(`check-layers: ${offences.length} offence(s) in ${files} file(s) outside *.data.ts. ${RULE}:`);
    console.error('move each query into the *.data.ts beside the file, as a function taking db (or a transaction) first.\n');
    for (const o of offences) console.error(`  ${o.file}:${o.line}  ${o.what}: ${o.text}`);
    process.exit(1);
  }
  console.log(`check-layers: no SQL outside *.data.ts under ${path.relative(process.cwd(), root) || '.'} (${RULE}).`);
}
