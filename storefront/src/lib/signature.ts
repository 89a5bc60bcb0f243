import { readRuntimeConfig } from '@autoroute/api/runtime-config';

/** The request signature of SPEC §7 (DESIGN §2): base64 HMAC-SHA256 of the body, or of the timestamp. */
const DEV_KEY = 'autoroute-dev-signing-key';

/** The key the server wrote into the page (its runtime configuration); under `astro dev`, the environment's. */
const signingKey = (): string => readRuntimeConfig()?.signingKey ?? import.meta.env.PUBLIC_API_SIGNING_KEY ?? DEV_KEY;

let cached: { raw: string; key: Promise<CryptoKey> } | null = null;

export async function signedHeaders(body?: string | null): Promise<Record<string, string>> {
  const timestamp = String(Date.now());
  const enc = new TextEncoder();
  const raw = signingKey();
  if (cached?.raw !== raw)
    cached = { raw, key: crypto.subtle.importKey('raw', enc.encode(raw), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']) };
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await cached.key, enc.encode(body || timestamp)));
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return { 'X-Timestamp': timestamp, 'X-Signature': btoa(binary) };
}
