import { signatureHeaders } from '@autoroute/api/client-signature';
import { readRuntimeConfig } from '@autoroute/api/runtime-config';

/** The key the server wrote into index.html at run time; Vite's dev server has none. */
const KEY = readRuntimeConfig()?.signingKey ?? import.meta.env.VITE_API_SIGNING_KEY ?? 'autoroute-dev-signing-key';

/** The request signature of SPEC §7 for a request with this body (client-signature.ts). */
export const signedHeaders = (body?: string | null): Promise<Record<string, string>> => signatureHeaders(KEY, body);
