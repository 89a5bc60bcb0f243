import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The outbox as a person reads it (no SMTP_URL: mails are written to `DATA_DIR/outbox/*.eml`, the
 * SMS, WhatsApp and other providers' notes without a live account to `*.txt`, each name starting
 * with its time). One reader for the API tests and the end-to-end tests; mail.test.ts reads whole
 * mails with a real MIME parser.
 */

/** A mail as the outbox holds it: its file, recipient, subject and text part decoded, and the raw text for its headers. */
export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  raw: string;
}

/** A header block's fields, continuation lines unfolded. */
function headerReader(head: string) {
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  return (name: string) => headers.match(new RegExp(`^${name}: (.*?)\\r?$`, 'mi'))?.[1] ?? '';
}

/** A body in the quoted-printable or base64 transfer encoding nodemailer writes, decoded. */
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

/** The text/plain part of a mail (a multipart/alternative one's first), decoded. */
function textPart(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const header = headerReader(head);
  const body = rest.join('\n\n');
  const boundary = header('Content-Type').match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(header('Content-Type')) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const text = parts.find((part) => /^content-type: text\/plain/im.test(part.split(/\r?\n\r?\n/)[0] ?? ''));
    return text === undefined ? '' : textPart(text.replace(/^\r?\n/, ''));
  }
  return decodeBody(body, header('Content-Transfer-Encoding').toLowerCase());
}

/** Decodes RFC 2047 words and the text part of what nodemailer writes. */
function readMail(file: string, raw: string): Mail {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const header = headerReader(head);
  const words = (s: string) =>
    s.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
  return { file, to: header('To'), subject: words(header('Subject')).trim(), text: textPart(raw), raw };
}

/** The outbox's files of these kinds, oldest first (none when nothing was sent yet). */
function outboxFiles(dataDir: string, kinds: readonly string[]): string[] {
  try {
    return readdirSync(path.join(dataDir, 'outbox'))
      .filter((f) => kinds.some((kind) => f.endsWith(kind)))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Every mail the app wrote to `to` in the outbox of `dataDir`, oldest first; with `since` (an ISO
 * time with `:` and `.` written `-`, as the files are named), only those written since.
 */
export function outboxMails(dataDir: string, to: string, { since = '' } = {}): Mail[] {
  return outboxFiles(dataDir, ['.eml'])
    .filter((f) => f >= since)
    .map((f) => readMail(f, readFileSync(path.join(dataDir, 'outbox', f), 'utf8')))
    .filter((m) => m.to === to);
}

/** The newest one-time code sent to `to` (an email, a phone number, a handle), by mail or by a provider's note. */
export function latestCode(dataDir: string, to: string): string {
  for (const file of outboxFiles(dataDir, ['.eml', '.txt']).reverse()) {
    const text = readFileSync(path.join(dataDir, 'outbox', file), 'utf8');
    if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi').test(text)) continue;
    const code = file.endsWith('.eml')
      ? textPart(text).match(/^ {4}(\d{6})\s*$/m)?.[1]
      : text
          .split('\n\n')
          .slice(1)
          .join('\n')
          .match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
  }
  throw new Error(`no code for ${to} in the outbox of ${dataDir}`);
}

/** The newest link matching `pattern` in a mail's text to `to`. */
export function latestLink(dataDir: string, to: string, pattern: RegExp): string {
  for (const mail of outboxMails(dataDir, to).reverse()) {
    const link = mail.text.match(pattern)?.[0];
    if (link) return link;
  }
  throw new Error(`no link like ${pattern} for ${to} in the outbox of ${dataDir}`);
}
