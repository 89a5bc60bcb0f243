import { readRuntimeConfig } from '@autoroute/api/runtime-config';

/**
 * The request signature of SPEC §7 (DESIGN §2): base64 HMAC-SHA256 of the body, or of the timestamp.
 * The key is the one the server wrote into index.html at run time; Vite's dev server has none.
 */
const KEY = readRuntimeConfig()?.signingKey ?? import.meta.env.VITE_API_SIGNING_KEY ?? 'autoroute-dev-signing-key';

let key: Promise<CryptoKey> | null = null;

export async function signedHeaders(body?: string | null): Promise<Record<string, string>> {
  const timestamp = String(Date.now());
  const enc = new TextEncoder();
  key ??= crypto.subtle.importKey('raw', enc.encode(KEY), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, enc.encode(body || timestamp)));
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return { 'X-Timestamp': timestamp, 'X-Signature': btoa(binary) };
}
