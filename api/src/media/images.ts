import sharp from 'sharp';
import { perceptualHash } from './phash.ts';

/**
 * The pixel budget of one upload: a decompression bomb (a 47 KB PNG declaring 49 megapixels costs
 * 0.8 s of CPU to decode) is refused from its header, before any pixel is decoded. 25 megapixels
 * hold a 24-megapixel camera's 6000×4000, more than a 5 MB JPEG usually carries.
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/** Responsive widths (never upscaled); the stored full picture is capped at MAX_EDGE on its longer side. */
const RENDITION_WIDTHS = [320, 640, 1280] as const;
const MAX_EDGE = 2560;

type SourceFormat = 'jpeg' | 'png';
export type RenditionFormat = SourceFormat | 'webp' | 'avif';

export const MIME: Record<RenditionFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};
export const EXTENSION: Record<RenditionFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

/** The upload is not a JPEG or PNG that decodes. */
export class UnsupportedImage extends Error {}
/** The upload declares more pixels than MAX_INPUT_PIXELS. */
export class TooManyPixels extends Error {}

interface EncodedImage {
  format: RenditionFormat;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedPicture {
  format: SourceFormat;
  /** The full picture, upright, re-encoded in its own format with no metadata. */
  full: EncodedImage;
  renditions: EncodedImage[];
  /** Its perceptual hash (./phash.ts), of the upright picture. */
  phash: string;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** The format the bytes claim by their magic number; names and Content-Type are never trusted. */
function sniffFormat(bytes: Uint8Array): SourceFormat | null {
  if (startsWith(bytes, JPEG_MAGIC)) return 'jpeg';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  return null;
}

function encode(image: sharp.Sharp, format: RenditionFormat): sharp.Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 80 });
    case 'avif':
      // Effort 2 of 9: AVIF at the default effort costs seconds per upload on a small machine.
      return image.avif({ quality: 55, effort: 2 });
  }
}

/** The widths to produce for a picture this wide: the standard ones below it, and its own width up to the largest. */
function renditionWidths(width: number): number[] {
  const widths: number[] = RENDITION_WIDTHS.filter((w) => w < width);
  const top = Math.min(width, Math.max(...RENDITION_WIDTHS));
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

/**
 * Checks an upload by its content (magic number, header, then a full decode) and produces the
 * stored files. The decode goes to raw pixels and every output is encoded from those, so no
 * metadata (EXIF, GPS, XMP, comments) can reach a stored file; orientation is applied first.
 */
export async function processPicture(bytes: Uint8Array): Promise<ProcessedPicture> {
  const format = sniffFormat(bytes);
  if (!format) throw new UnsupportedImage('unknown magic number');

  let header: sharp.Metadata;
  try {
    // Reads the header only: safe whatever size the picture declares.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedImage('unreadable header');
  }
  if (header.format !== format || !header.width || !header.height) throw new UnsupportedImage('header does not match');
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new TooManyPixels();

  let pixels: { data: Buffer; info: sharp.OutputInfo };
  try {
    pixels = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UnsupportedImage('does not decode');
  }
  const { width, height, channels } = pixels.info;
  const source = () => sharp(pixels.data, { raw: { width, height, channels } });
  const output = async (image: sharp.Sharp, as: RenditionFormat): Promise<EncodedImage> => {
    const { data, info } = await encode(image, as).toBuffer({ resolveWithObject: true });
    return { format: as, width: info.width, height: info.height, data };
  };

  const full = await output(source(), format);
  const renditions: EncodedImage[] = [];
  for (const w of renditionWidths(width)) {
    for (const as of ['avif', 'webp', format] as const) {
      renditions.push(await output(source().resize({ width: w, withoutEnlargement: true }), as));
    }
  }
  return { format, full, renditions, phash: await perceptualHash(source()) };
}
