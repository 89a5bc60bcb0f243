import type { RuntimeConfig } from '@autoroute/contract/runtime-config';
import type { Config } from './config.ts';

/** What a browser needs from the server's configuration (@autoroute/contract/runtime-config). */
export const runtimeConfig = (config: Config): RuntimeConfig => ({
  signingKey: config.signingKey,
  publicUrl: config.publicUrl,
  payments: config.stripe.secretKey ? 'stripe' : 'test',
});
