import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message as Twilio's API received it: the form fields and who authenticated. */
interface FakeTwilioMessage {
  accountSid: string;
  /** `SID:token` from the Basic authorization header. */
  credentials: string;
  to: string;
  from: string;
  body: string;
}

export interface FakeTwilio {
  /** The origin to put in `config.twilio.api`, e.g. `http://127.0.0.1:4711`. */
  origin: string;
  accountSid: string;
  authToken: string;
  /** Every message received, oldest first (refused ones included). */
  messages: FakeTwilioMessage[];
  /** The next answers are this HTTP status with a Twilio error body, until reset to null. */
  failWith: number | null;
  /** The Twilio environment variables of an account on this fake, with the given senders. */
  env(senders: { sms?: string; whatsapp?: string }): Record<string, string>;
  close(): Promise<void>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * A local fake of the one part of Twilio's REST API we use, `POST
 * /2010-04-01/Accounts/{Sid}/Messages.json`, on a loopback port: form-encoded To, From and Body
 * in, a message resource out (or Twilio's error shape), Basic authorization checked against one
 * account. The real `twilio` library talks to it over HTTP.
 */
export async function startFakeTwilio(options: { port?: number } = {}): Promise<FakeTwilio> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const messages: FakeTwilioMessage[] = [];
  const fake: FakeTwilio = {
    origin: '',
    accountSid,
    authToken,
    messages,
    failWith: null,
    env: (senders) => ({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      ...(senders.sms ? { TWILIO_FROM: senders.sms } : {}),
      ...(senders.whatsapp ? { TWILIO_WHATSAPP_FROM: senders.whatsapp } : {}),
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, code: number, message: string) =>
        answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      const match = req.url?.match(/^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/);
      if (req.method !== 'POST' || !match) return error(404, 20404, 'The requested resource was not found');
      const sid = decodeURIComponent(match[1] ?? '');
      const auth = req.headers.authorization ?? '';
      const credentials = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : '';
      if (credentials !== `${accountSid}:${authToken}` || sid !== accountSid) return error(401, 20003, 'Authenticate');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const message = {
        accountSid: sid,
        credentials,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
      };
      messages.push(message);
      if (fake.failWith !== null)
        return fake.failWith >= 500
          ? error(fake.failWith, 20500, 'Internal Server Error')
          : error(fake.failWith, 21211, `The 'To' number ${message.to} is not a valid phone number.`);
      if (!message.to || !message.from || !message.body) return error(400, 21604, "A 'To', 'From' and 'Body' are required.");
      const now = new Date().toUTCString();
      answer(201, {
        sid: `SM${hex(16)}`,
        account_sid: sid,
        to: message.to,
        from: message.from,
        body: message.body,
        status: 'queued',
        direction: 'outbound-api',
        num_segments: '1',
        date_created: now,
        date_updated: now,
        date_sent: null,
        error_code: null,
        error_message: null,
        price: null,
        price_unit: 'USD',
        api_version: '2010-04-01',
        uri: `/2010-04-01/Accounts/${sid}/Messages/SM.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
