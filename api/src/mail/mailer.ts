import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { randomToken } from '../lib/crypto.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Mail through SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in
 * DATA_DIR/outbox (and a log line naming it), so every flow works with no mail server (issue 3).
 */
export function createMailer(options: { smtpUrl: string | undefined; dataDir: string; from: string; log: Logger }): Mailer {
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (options.smtpUrl) {
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
        return;
      }
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(4)}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
  };
}
