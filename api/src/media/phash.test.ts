import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testPhoto as photo, seeded as random } from '../testing-photos.ts';
import { BANDS, bandNeighbours, bandRadius, bandsOf, hammingDistance, perceptualHash } from './phash.ts';

/*
 * The perceptual hash (docs/decisions/053) on pictures made by sharp: a copy resized,
 * recompressed or slightly cropped stays a few bits away; another photo is about 32 away.
 */

const hashOf = (bytes: Buffer) => perceptualHash(sharp(bytes));

describe('perceptual hash', () => {
  it('keeps a copy resized, recompressed at quality 60, or cropped a little within a few bits', async () => {
    const original = await photo(1);
    const hash = await hashOf(original);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    const resized = await sharp(original).resize({ width: 640 }).jpeg({ quality: 82 }).toBuffer();
    const recompressed = await sharp(original).jpeg({ quality: 60 }).toBuffer();
    // 2 % off each side: a frame trimmed, a watermark cut.
    const cropped = await sharp(original).extract({ left: 32, top: 24, width: 1536, height: 1152 }).jpeg({ quality: 80 }).toBuffer();
    const all = await sharp(original)
      .extract({ left: 32, top: 24, width: 1536, height: 1152 })
      .resize({ width: 800 })
      .jpeg({ quality: 60 })
      .toBuffer();
    const distances = await Promise.all([resized, recompressed, cropped, all].map(async (b) => hammingDistance(hash, await hashOf(b))));
    for (const d of distances) expect(d).toBeLessThanOrEqual(6);
  });

  it('puts different photos far apart', async () => {
    const hashes = await Promise.all([1, 2, 3, 4, 5, 6].map(async (seed) => hashOf(await photo(seed))));
    for (const [i, a] of hashes.entries()) {
      for (const b of hashes.slice(i + 1)) expect(hammingDistance(a, b)).toBeGreaterThan(16);
    }
  });

  it('counts bits, splits bands and finds every hash within the threshold through one band', () => {
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(bandsOf('0001ffff8000abcd')).toEqual([1, 0xffff, 0x8000, 0xabcd]);
    expect(bandNeighbours(0, 0)).toEqual([0]);
    expect(bandNeighbours(0, 1)).toHaveLength(17);
    expect(new Set(bandNeighbours(0xabcd, 2)).size).toBe(1 + 16 + 120);
    // Pigeonhole: any 6 bits flipped leave one band within ⌊6 / 4⌋ = 1 bit.
    const next = random(7);
    for (let trial = 0; trial < 200; trial++) {
      const a = BigInt.asUintN(64, BigInt(Math.floor(next() * 2 ** 32)) * 2n ** 32n + BigInt(Math.floor(next() * 2 ** 32)));
      let b = a;
      for (let flips = 0; flips < 6; flips++) b ^= 1n << BigInt(Math.floor(next() * 64));
      const [ha, hb] = [a, b].map((n) => n.toString(16).padStart(16, '0')) as [string, string];
      const [ba, bb] = [bandsOf(ha), bandsOf(hb)];
      const found = Array.from({ length: BANDS }, (_, i) => bandNeighbours(ba[i] as number, bandRadius(6)).includes(bb[i] as number));
      expect(found.some(Boolean)).toBe(true);
    }
  });
});
