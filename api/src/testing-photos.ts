import sharp from 'sharp';

/*
 * Photos for tests of the perceptual hash (docs/decisions/053): real JPEG bytes made by sharp, each
 * seed a different picture with the structure of a photo (smooth colour fields and shapes), the
 * same seed the same picture.
 */

/** A deterministic pseudo-random generator (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A "photo" as a JPEG: a smooth random landscape of colour (noise enlarged) with a few discs on it. */
export async function testPhoto(seed: number, width = 1600, height = 1200): Promise<Buffer> {
  const next = seeded(seed);
  const small = Buffer.from(Array.from({ length: 12 * 9 * 3 }, () => Math.floor(next() * 256)));
  const field = await sharp(small, { raw: { width: 12, height: 9, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .png()
    .toBuffer();
  const shapes = Array.from({ length: 6 }, () => {
    const [x, y, r] = [next() * width, next() * height, 60 + next() * 200];
    const colour = `rgb(${Math.floor(next() * 256)},${Math.floor(next() * 256)},${Math.floor(next() * 256)})`;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`;
  }).join('');
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes}</svg>`);
  return sharp(field)
    .composite([{ input: svg }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
