import pino, { type Logger } from 'pino';

export interface ProcessLog {
  log: Logger;
  /** A plain line on standard output (the start banner), through the same non-blocking writer. */
  print(text: string): void;
  /** Writes out what is buffered, for at most `ms`, then lets go of standard output. */
  close(ms?: number): Promise<void>;
}

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
    log: pino({ level }, destination),
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
