import { createHash, createHmac, randomBytes } from 'node:crypto';
import { hmacSha256, sha256, signatureHeaders } from '@autoroute/contract/signature';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sign } from './signature.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the browsers request signature', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('computes SHA-256 and HMAC-SHA256 in plain JavaScript exactly as Node does', () => {
    // Around the padding boundaries (55, 56, 64 bytes), long, empty, and not ASCII.
    const messages = [
      '',
      'abc',
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(64),
      'é日本🚗'.repeat(40),
      randomBytes(5000).toString('base64'),
    ];
    for (const message of messages) {
      expect(Buffer.from(sha256(bytes(message))).toString('hex')).toBe(createHash('sha256').update(message).digest('hex'));
      for (const key of [
        'k',
        'autoroute-dev-signing-key',
        'x'.repeat(64),
        'a key longer than one block of sixty-four bytes, hashed first....',
      ]) {
        expect(Buffer.from(hmacSha256(bytes(key), bytes(message))).toString('base64')).toBe(
          createHmac('sha256', key).update(message).digest('base64'),
        );
      }
    }
  });

  it('signs what the server checks, with Web Crypto and on a plain-HTTP page without it', async () => {
    const body = JSON.stringify({ email: 'claire@example.test', password: 'ünïcode pass' });
    const withSubtle = await signatureHeaders('an operator key of their own', body);
    expect(withSubtle['X-Signature']).toBe(sign('an operator key of their own', body));
    // An insecure origin: browsers leave crypto.subtle undefined there.
    vi.stubGlobal('crypto', {});
    const without = await signatureHeaders('an operator key of their own', body);
    expect(without['X-Signature']).toBe(sign('an operator key of their own', body));
    const bare = await signatureHeaders('an operator key of their own');
    expect(bare['X-Signature']).toBe(sign('an operator key of their own', bare['X-Timestamp']));
  });
});
