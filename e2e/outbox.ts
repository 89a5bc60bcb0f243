import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The newest 6-digit code sent to `to`, read from the server's outbox like a person reads their
 * mail (.eml) or their phone (.txt: SMS, WhatsApp and the other providers without a live account).
 */
export function codeFor(dataDir: string, to: string): string {
  const folder = path.join(dataDir, 'outbox');
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.eml') || f.endsWith('.txt'))
    .sort()
    .reverse()) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\r?$`, 'mi').test(text)) continue;
    const code = file.endsWith('.eml')
      ? text.match(/^\s{4}(\d{6})\s*$/m)?.[1]
      : text
          .split('\n\n')
          .slice(1)
          .join('\n')
          .match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
  }
  throw new Error(`no code for ${to} in ${folder}`);
}
