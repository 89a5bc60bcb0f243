import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The newest 6-digit code mailed to `email`, read from the server's outbox like a person reads mail. */
export function codeFor(dataDir: string, email: string): string {
  const folder = path.join(dataDir, 'outbox');
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse()) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
    const code = text.match(/^\s{4}(\d{6})\s*$/m)?.[1];
    if (code) return code;
  }
  throw new Error(`no code for ${email} in ${folder}`);
}
