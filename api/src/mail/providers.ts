import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, type Locale } from '@autoroute/locales';
import type { Logger } from 'pino';
import twilio from 'twilio';
import type { Config } from '../core/config.ts';
import { randomToken } from '../core/crypto.ts';
import { AppError } from '../core/errors.ts';
import { translator } from '../core/i18n.ts';
import { renderMail } from './layout.tsx';
import type { Mailer } from './mailer.ts';
import { noticeMail } from './templates.ts';

/** One way to reach a person on any channel: email through the mailer, the others through their provider. */
export interface Providers {
  /**
   * Sends `text` to `to`; a provider that fails throws a 502 PROVIDER_UNAVAILABLE (the cause is logged).
   * `locale` is the language `text` is written in: an email's Content-Language and the words around it.
   */
  deliver(channel: string, to: string, text: string, locale?: Locale): Promise<void>;
}

type RequestOptions = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0];

/** Twilio's own HTTP client, sending to another origin: tests point it at a local fake of Twilio's API. */
class ElsewhereClient extends twilio.RequestClient {
  constructor(
    private readonly origin: string,
    timeout: number,
  ) {
    super({ timeout });
  }

  override request<T>(opts: RequestOptions & { data?: T }) {
    return super.request({ ...opts, uri: opts.uri.replace(/^https?:\/\/[^/]+/, this.origin) });
  }
}

// A person waits for their code: a slow provider is a failed one.
const TIMEOUT_MS = 15_000;

function createTwilioClient(settings: NonNullable<Config['twilio']>) {
  const { accountSid, authToken, api } = settings;
  return twilio(accountSid, authToken, api ? { httpClient: new ElsewhereClient(api, TIMEOUT_MS) } : { timeout: TIMEOUT_MS });
}

/** A phone number as Twilio wants it: +E.164, without the spaces, dots and dashes people type. */
const e164 = (phone: string) => phone.replace(/[\s().-]/g, '');

/**
 * The channels this installation delivers over: email, and SMS and WhatsApp (through Twilio, or
 * the outbox of a development installation). Telegram and other providers an administrator adds
 * have no integration yet (issue 33): they are shown as not available and cannot be linked; links
 * made before stay stored.
 */
const DELIVERED_CHANNELS: ReadonlySet<string> = new Set(['email', 'sms', 'whatsapp']);
export const isDelivered = (code: string | null) => code !== null && DELIVERED_CHANNELS.has(code);

/**
 * Email goes through the mailer; SMS and WhatsApp through Twilio when its account and that
 * channel's sender are configured. Any other channel (and SMS or WhatsApp without Twilio) lands
 * in DATA_DIR/outbox as a text file, like mail without SMTP.
 */
export function createProviders(options: { mailer: Mailer; dataDir: string; log: Logger; twilio: Config['twilio'] }): Providers {
  const outbox = path.join(options.dataDir, 'outbox');
  const settings = options.twilio;
  const client = settings ? createTwilioClient(settings) : null;
  const senders: Record<string, (to: string) => { from: string; to: string } | null> = {
    sms: (to) => (settings?.smsFrom ? { from: settings.smsFrom, to: e164(to) } : null),
    whatsapp: (to) => (settings?.whatsappFrom ? { from: `whatsapp:${settings.whatsappFrom}`, to: `whatsapp:${e164(to)}` } : null),
  };
  return {
    async deliver(channel, to, text, locale = DEFAULT_LOCALE) {
      if (channel === 'email')
        return options.mailer.send({ to, ...(await renderMail(locale, noticeMail(translator(locale), text, null))) });
      const route = client ? senders[channel]?.(to) : null;
      if (client && route) {
        try {
          const message = await client.messages.create({ ...route, body: text });
          options.log.info({ channel, sid: message.sid, status: message.status }, 'message handed to Twilio');
          return;
        } catch (err) {
          // Only what Twilio said is logged, never the request: its text may hold a one-time code.
          const { status, code, moreInfo } = err as { status?: number; code?: number; moreInfo?: string };
          const reason = err instanceof Error ? err.message : String(err);
          options.log.error({ channel, status, code, moreInfo, reason }, 'Twilio did not take the message');
          throw new AppError(502, 'PROVIDER_UNAVAILABLE');
        }
      }
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${channel}-${randomToken(4)}.txt`);
      writeFileSync(file, `To: ${to}\nChannel: ${channel}\n\n${text}\n`);
      options.log.info({ channel, to, file }, 'message written to the outbox');
    },
  };
}
