import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The text/plain part of a mail as nodemailer writes it (multipart/alternative: text, then HTML), decoded. */
function textPart(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => headers.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1] ?? '';
  const body = rest.join('\n\n');
  const boundary = header('Content-Type').match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(header('Content-Type')) && boundary) {
    const text = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .find((part) => /^content-type: text\/plain/im.test(part.split(/\r?\n\r?\n/)[0] ?? ''));
    return text === undefined ? '' : textPart(text.replace(/^\r?\n/, ''));
  }
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

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
      ? textPart(text).match(/^ {4}(\d{6})\s*$/m)?.[1]
      : text
          .split('\n\n')
          .slice(1)
          .join('\n')
          .match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
  }
  throw new Error(`no code for ${to} in ${folder}`);
}

/** The newest verification link (to the code page, the flow in its fragment) mailed to `to`. */
export function codeLinkFor(dataDir: string, to: string): string {
  const folder = path.join(dataDir, 'outbox');
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse()) {
    const text = readFileSync(path.join(folder, file), 'utf8');
    if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\r?$`, 'mi').test(text)) continue;
    const link = textPart(text).match(/https?:\/\/\S+\/otp#\S+/)?.[0];
    if (link) return link;
  }
  throw new Error(`no verification link for ${to} in ${folder}`);
}
