import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export interface ProcessLog {
  log: Logger;
  /** A plain line on standard output (the start banner), through the same non-blocking writer. */
  print(text: string): void;
  /** Writes out what is buffered, for at most `ms`, then lets go of standard output. */
  close(ms?: number): Promise<void>;
}

const EMAIL = /([^\s@<>"'(),;:/]?)[^\s@<>"'(),;:/]*@([\w-]+(?:\.[\w-]+)+)/g;
/** `claire@example.com` → `c***@example.com`, wherever it is in the text: the domain helps, the person is gone. */
const maskEmails = (text: string): string => text.replace(EMAIL, '$1***@$2');

const PHONE = /\+?\d[\d\s.()-]{5,}\d/g;
/** An international number (+33 6…) in free text: a bare run of digits there is more often an id. */
const INTERNATIONAL_PHONE = /\+\d[\d\s.()-]{5,}\d/g;
const maskNumber = (number: string) => number.replace(/\d(?=(?:\D*\d){2})/g, '*');
/** An address or a phone number (SMS, WhatsApp): emails as above, a number keeps its last two digits. */
const maskRecipient = (text: string): string => maskEmails(text).replace(PHONE, maskNumber);
/** Free text (an error's message): emails and international numbers masked. */
const maskText = (text: string) => maskEmails(text).replace(INTERNATIONAL_PHONE, maskNumber);

/** Path segments and query parameters that are credentials: links sent by mail, codes of sign-in providers. */
const TOKEN_SEGMENT = /(\/(?:unsubscribe|guest-conversations)\/)[^/?#]+/g;
const TOKEN_PARAM = /([?&](?:t|token|code|state|session_state|id_token|access_token|refresh_token|otp)=)[^&#]*/gi;
/** A request's path as the log may hold it: `/api/v1/unsubscribe/***`, `/messages/guest/?t=***`. */
const maskPath = (text: string): string => text.replace(TOKEN_SEGMENT, '$1***').replace(TOKEN_PARAM, '$1***');

/** `Claire Martin` → `C***`: enough to tell two lines apart, not to name anyone. */
const maskName = (text: string) => (text ? `${text.slice(0, 1)}***` : text);

const masked = (mask: (text: string) => string) => (value: unknown) =>
  typeof value === 'string' ? mask(value) : Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? mask(v) : '***')) : '***';

/**
 * What every log line of the server goes through (operators share their logs):
 * recipients and names masked by key (pino's redaction only visits these keys, so a line without
 * them costs nothing more), paths with their link tokens masked, and emails masked out of errors.
 */
function loggerOptions(level: string): LoggerOptions {
  const byKey: Record<string, (value: unknown) => unknown> = {};
  for (const key of ['to', 'email', 'recipient', 'from', 'replyTo', 'phone']) byKey[key] = masked(maskRecipient);
  for (const key of ['name', 'firstName', 'lastName', 'fullName']) byKey[key] = masked(maskName);
  for (const key of ['path', 'url']) byKey[key] = masked(maskPath);
  // Free-text reasons (a job's error, a provider's refusal): masked when text, left alone otherwise.
  for (const key of ['error', 'summary', 'reason']) byKey[key] = (value) => (typeof value === 'string' ? maskText(value) : value);
  return {
    level,
    redact: {
      paths: Object.keys(byKey).flatMap((key) => [key, `*.${key}`]),
      censor: (value, path) => byKey[path.at(-1) ?? '']?.(value) ?? '***',
    },
    serializers: {
      err(error: Error) {
        const out = pino.stdSerializers.err(error);
        // Mail servers and SMS providers name the address or number they refused in their messages.
        if (typeof out.message === 'string') out.message = maskText(out.message);
        if (typeof out.stack === 'string') out.stack = maskText(out.stack);
        return out;
      },
    },
  };
}

/** A logger with the server's options writing to `destination` (tests read what it writes). */
export const createLogger = (level: string, destination: DestinationStream): Logger => pino(loggerOptions(level), destination);

/**
 * The server's logs go to standard output without ever blocking the process. Writes are
 * asynchronous and bounded: when the reader stalls (a full pipe) or has gone (EPIPE), lines are
 * dropped instead of freezing the event loop, so requests, timers and SIGTERM still work. Pino's
 * default writer is synchronous and retries a full pipe forever, also when the process exits.
 */
export function createProcessLog(level: string): ProcessLog {
  const destination = pino.destination({ fd: 1, sync: false, maxLength: 16 * 1024 * 1024 });
  // EPIPE is handled inside pino (it stops writing); any other write error only loses log lines.
  destination.on('error', () => {});
  process.stdout.on('error', () => {});
  let closed = false;
  return {
    log: createLogger(level, destination),
    print: (text) => void destination.write(`${text}\n`),
    async close(ms = 1000) {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        destination.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
        destination.end();
      });
      // Destroyed, the writer is skipped by pino's exit hook, which would otherwise retry a full pipe for good.
      destination.destroy();
    },
  };
}
