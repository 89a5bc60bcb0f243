import type sharp from 'sharp';

/*
 * A perceptual hash of a picture (docs/decisions/053): the picture shrunk to 32×32 grey levels,
 * its 2-D DCT, then the 64 lowest frequencies after the mean (DC) in zigzag order, each set when
 * above their median. Shrinking drops the size and the compression noise; the low frequencies
 * keep the picture's layout and survive a resize, a recompression and a slight crop; the median
 * makes half the bits ones whatever the exposure. Two copies of one photo differ by a few bits,
 * two photos by about 32.
 */

const SIZE = 32;
/** The diagonals u + v ≤ 10 hold 65 coefficients: the DC and the 64 kept. */
const SPAN = 11;

/** cos((2x + 1)uπ / 2N) for the frequencies kept. */
const COS: Float64Array[] = Array.from({ length: SPAN }, (_, u) =>
  Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

/** The (u, v) of the 64 coefficients kept, lowest first (zigzag), the DC left out. */
const KEPT: [number, number][] = Array.from({ length: SPAN * SPAN }, (_, i) => [Math.floor(i / SPAN), i % SPAN] as [number, number])
  .filter(([u, v]) => u + v > 0 && u + v < SPAN)
  .sort((a, b) => a[0] + a[1] - (b[0] + b[1]) || a[0] - b[0])
  .slice(0, 64);

/** The hash of 32×32 grey levels: 16 hexadecimal digits, the first coefficient in the highest bit. */
function hashOfGrey(grey: Uint8Array): string {
  // Rows first: rows[y][u] = Σx p(x, y) cos(u, x); then columns: c(u, v) = Σy rows[y][u] cos(v, y).
  const rows = Array.from({ length: SIZE }, (_, y) =>
    Float64Array.from({ length: SPAN }, (_, u) => {
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += (grey[y * SIZE + x] as number) * (COS[u] as Float64Array)[x]!;
      return sum;
    }),
  );
  const coefficients = KEPT.map(([u, v]) => {
    let sum = 0;
    for (let y = 0; y < SIZE; y++) sum += (rows[y] as Float64Array)[u]! * (COS[v] as Float64Array)[y]!;
    return sum;
  });
  const sorted = [...coefficients].sort((a, b) => a - b);
  const median = ((sorted[31] as number) + (sorted[32] as number)) / 2;
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let digit = 0;
    for (let j = 0; j < 4; j++) digit = (digit << 1) | ((coefficients[i + j] as number) > median ? 1 : 0);
    hex += digit.toString(16);
  }
  return hex;
}

/** The perceptual hash of an image sharp reads (encoded bytes, or raw pixels with their `raw` description). */
export async function perceptualHash(image: sharp.Sharp): Promise<string> {
  const grey = await image
    .greyscale()
    .resize(SIZE, SIZE, { fit: 'fill', kernel: 'cubic' })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  // greyscale() keeps an alpha channel: take the first channel of each pixel.
  const { channels } = grey.info;
  const data = channels === 1 ? grey.data : Uint8Array.from({ length: SIZE * SIZE }, (_, i) => grey.data[i * channels] as number);
  return hashOfGrey(data);
}

/** The number of bands a hash is indexed by, and their width in bits (docs/decisions/053: multi-index hashing). */
export const BANDS = 4;
const BAND_BITS = 64 / BANDS;

/** The hash's bands, as the integers stored in `pictures.phash_b0…b3`. */
export function bandsOf(hash: string): number[] {
  const digits = BAND_BITS / 4;
  return Array.from({ length: BANDS }, (_, i) => Number.parseInt(hash.slice(i * digits, (i + 1) * digits), 16));
}

const popcount = (n: number) => {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/** A hash as its two 32-bit halves, read once when it is compared with many. */
export const halvesOf = (hash: string): [number, number] => [Number.parseInt(hash.slice(0, 8), 16), Number.parseInt(hash.slice(8), 16)];

/** The number of bits two hashes (as halves) differ by, 0 to 64. */
export const distanceOfHalves = (a: readonly [number, number], b: readonly [number, number]) =>
  popcount((a[0] ^ b[0]) >>> 0) + popcount((a[1] ^ b[1]) >>> 0);

/** The number of bits two hashes differ by (0 to 64). */
export const hammingDistance = (a: string, b: string) => distanceOfHalves(halvesOf(a), halvesOf(b));

/**
 * Every band value within `radius` bits of `value`: a distance of at most k between two hashes
 * leaves at least one of the BANDS bands within ⌊k / BANDS⌋ bits (the pigeonhole principle), so
 * looking these values up in each band's index finds every candidate.
 */
export function bandNeighbours(value: number, radius: number): number[] {
  const out = [value];
  const walk = (from: number, start: number, left: number) => {
    for (let bit = start; bit < BAND_BITS; bit++) {
      const next = from ^ (1 << bit);
      out.push(next);
      if (left > 1) walk(next, bit + 1, left - 1);
    }
  };
  if (radius > 0) walk(value, 0, radius);
  return out;
}

/** The radius each band is searched within for a threshold of `distance` bits. */
export const bandRadius = (distance: number) => Math.floor(distance / BANDS);
