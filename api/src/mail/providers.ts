import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { randomToken } from '../lib/crypto.ts';
import type { Mailer } from './mailer.ts';

/** One way to reach a person on any channel: email through the mailer, the others through their provider. */
export interface Providers {
  deliver(channel: string, to: string, text: string): Promise<void>;
}

/**
 * Email goes through the mailer. WhatsApp, SMS and the other admin-managed providers have no
 * endpoint configured here, so their messages land in DATA_DIR/outbox as text files, like mail.
 */
export function createProviders(options: { mailer: Mailer; dataDir: string; log: Logger }): Providers {
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    async deliver(channel, to, text) {
      if (channel === 'email') return options.mailer.send({ to, subject: text.split('\n')[0] ?? '', text });
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${channel}-${randomToken(4)}.txt`);
      writeFileSync(file, `To: ${to}\nChannel: ${channel}\n\n${text}\n`);
      options.log.info({ channel, to, file }, 'message written to the outbox');
    },
  };
}
