import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { randomToken } from '../core/crypto.ts';
import { DependencyError } from '../core/dependencies.ts';

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The language both parts are written in (BCP 47): the Content-Language header. */
  language: string;
  /** Where an answer goes when it is not to us (a buyer's address on a message to a seller). */
  replyTo?: string | undefined;
  /** A notification's one-click unsubscribe URL (RFC 2369, RFC 8058); transactional mail has none. */
  unsubscribeUrl?: string | undefined;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every mail comes from MAIL_FROM, as multipart/alternative (text, then HTML: layout.tsx) with its
 * Content-Language, and for a notification the List-Unsubscribe headers a mail client turns into
 * its own one-click button (docs/decisions/028-mail.md).
 * Mail through SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in
 * DATA_DIR/outbox (and a log line naming it), so every flow works with no mail server (issue 3).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  /** SMTP_TIMEOUT_MS: connecting, the greeting and each silence of the server (nodemailer waits minutes by default). */
  timeoutMs?: number;
  dataDir: string;
  from: string;
  log: Logger;
}): Mailer {
  const outbox = path.join(options.dataDir, 'outbox');
  const wait = options.timeoutMs ?? 10_000;
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: wait, greetingTimeout: wait, socketTimeout: wait })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const { language, unsubscribeUrl, replyTo, ...parts } = message;
      const headers: Record<string, string> = { 'Content-Language': language };
      if (unsubscribeUrl) {
        headers['List-Unsubscribe'] = `<${unsubscribeUrl}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      const info = await transport
        .sendMail({ ...parts, from: options.from, ...(replyTo && { replyTo }), headers })
        .catch((error: unknown) => {
          // A mail server that refuses or fails is the SMTP dependency's failure (a 503), not ours.
          throw options.smtpUrl ? new DependencyError('smtp', error) : error;
        });
      if (options.smtpUrl) {
        // No subject: it may name people ("Claire wrote about…"); the recipient is masked (server/log.ts).
        options.log.info({ to: message.to }, 'mail sent');
        return;
      }
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(4)}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      options.log.info({ to: message.to, file }, 'mail written to the outbox');
    },
  };
}
