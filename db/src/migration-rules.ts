/**
 * Migrations are expand-then-contract (docs/decisions/002-migration-list.md): while a release
 * rolls out, the previous release still serves on the migrated database, so a migration's `up` may
 * add (tables, columns, indexes) but not drop or rename what that release reads. The drop comes a
 * release later, as a contract step marked so: a `// contract: <why nothing reads it any more>`
 * comment above the statement (or on its line).
 */

/** Migrations up to this one were written before the rule; the check starts after it. */
export const EXPAND_ONLY_AFTER = '20261212_0001_likes_version';

/** Statements that take away what a running release may read: drops and renames of tables and columns. */
const CONTRACTING: { pattern: RegExp; what: string }[] = [
  { pattern: /\.dropTable\s*\(/, what: 'dropTable' },
  { pattern: /\.dropColumn\s*\(/, what: 'dropColumn' },
  { pattern: /\.renameTo\s*\(/, what: 'renameTo' },
  { pattern: /\.renameColumn\s*\(/, what: 'renameColumn' },
  { pattern: /\bdrop\s+table\b/i, what: 'drop table' },
  { pattern: /\bdrop\s+column\b/i, what: 'drop column' },
  { pattern: /\brename\s+(column\b|to\b)/i, what: 'rename' },
  { pattern: /\balter\s+table\b[^;]*\brename\b/i, what: 'alter table … rename' },
];
const MARKER = /\/\/\s*contract:\s*\S/;

export interface ContractStep {
  /** 1-based, in the migration's source. */
  line: number;
  what: string;
  text: string;
}

/**
 * The unmarked drops and renames in a migration's `up` (its `down` undoes an expansion and may drop
 * anything). Block comments are ignored; a line comment is read only for the marker.
 */
export function unmarkedContractSteps(source: string): ContractStep[] {
  // Block comments blanked, their lines kept, so line numbers stay those of the file.
  const text = source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /\bexport\s+(async\s+)?function\s+up\b|\bexport\s+const\s+up\b/.test(l));
  if (start < 0) return [];
  const downAt = lines.findIndex((l, i) => i > start && /\bexport\s+(async\s+)?function\s+down\b|\bexport\s+const\s+down\b/.test(l));
  const end = downAt < 0 ? lines.length : downAt;
  const found: ContractStep[] = [];
  let marked = false;
  for (let i = start; i < end; i++) {
    const line = lines[i]!;
    if (MARKER.test(line)) marked = true;
    const code = line.replace(/\/\/.*$/, '');
    for (const { pattern, what } of CONTRACTING) {
      if (pattern.test(code) && !marked) {
        found.push({ line: i + 1, what, text: line.trim() });
        break;
      }
    }
    // A statement ends the marker's reach: it covers one statement, however many lines it spans.
    if (/;\s*$/.test(code)) marked = false;
  }
  return found;
}
