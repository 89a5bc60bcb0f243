import { readRuntimeConfig } from '@autoroute/contract/runtime-config';
import { signatureHeaders } from '@autoroute/contract/signature';

/** The key the server wrote into index.html at run time; Vite's dev server has none. */
const KEY = readRuntimeConfig()?.signingKey ?? import.meta.env.VITE_API_SIGNING_KEY ?? 'autoroute-dev-signing-key';

/** The request signature of SPEC §7 for a request with this body (@autoroute/contract/signature). */
export const signedHeaders = (body?: string | null): Promise<Record<string, string>> => signatureHeaders(KEY, body);
