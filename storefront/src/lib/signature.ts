import { readRuntimeConfig } from '@autoroute/contract/runtime-config';
import { signatureHeaders } from '@autoroute/contract/signature';

const DEV_KEY = 'autoroute-dev-signing-key';

/** The key the server wrote into the page (its runtime configuration); under `astro dev`, the environment's. */
const signingKey = (): string => readRuntimeConfig()?.signingKey ?? import.meta.env.PUBLIC_API_SIGNING_KEY ?? DEV_KEY;

/** The request signature of SPEC §7 for a request with this body (@autoroute/contract/signature). */
export const signedHeaders = (body?: string | null): Promise<Record<string, string>> => signatureHeaders(signingKey(), body);
