import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/*
 * Demo pictures: a side view of a body style in a colour, drawn as SVG. The catalogue reuses one
 * drawing per (category, colour, scene), so even a 100,000-vehicle seed writes a few hundred files.
 */

interface Shape {
  length: number;
  ride: number;
  body: number;
  roof: number;
  hood: number;
  trunk: number;
  windshield: number;
  rearWindow: number;
  wheel: number;
  openTop?: boolean;
  bed?: boolean;
}

const SHAPES: Record<string, Shape> = {
  city_car: { length: 500, ride: 28, body: 78, roof: 178, hood: 80, trunk: 18, windshield: 70, rearWindow: 30, wheel: 40 },
  hatchback: { length: 570, ride: 28, body: 80, roof: 172, hood: 115, trunk: 16, windshield: 80, rearWindow: 40, wheel: 42 },
  sedan: { length: 640, ride: 26, body: 78, roof: 158, hood: 150, trunk: 110, windshield: 90, rearWindow: 80, wheel: 43 },
  estate: { length: 650, ride: 28, body: 80, roof: 166, hood: 145, trunk: 14, windshield: 90, rearWindow: 30, wheel: 43 },
  coupe: { length: 620, ride: 22, body: 74, roof: 140, hood: 180, trunk: 60, windshield: 110, rearWindow: 150, wheel: 45 },
  convertible: {
    length: 610,
    ride: 22,
    body: 74,
    roof: 132,
    hood: 175,
    trunk: 90,
    windshield: 60,
    rearWindow: 0,
    wheel: 44,
    openTop: true,
  },
  suv: { length: 630, ride: 44, body: 96, roof: 212, hood: 130, trunk: 16, windshield: 85, rearWindow: 30, wheel: 50 },
  mpv: { length: 630, ride: 34, body: 90, roof: 218, hood: 90, trunk: 12, windshield: 120, rearWindow: 24, wheel: 44 },
  pickup: { length: 690, ride: 46, body: 96, roof: 214, hood: 150, trunk: 230, windshield: 70, rearWindow: 14, wheel: 50, bed: true },
  van: { length: 690, ride: 34, body: 110, roof: 256, hood: 70, trunk: 8, windshield: 70, rearWindow: 8, wheel: 44 },
};

const GROUND = 410;
const WIDTH = 800;
const HEIGHT = 500;

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.max(0, Math.min(255, Math.round(c + (amount > 0 ? (255 - c) * amount : c * amount))));
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix) as [number, number, number];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

const SCENES = [
  { sky: ['#f4f6f9', '#dfe4ea'], floor: '#c9d0d8' },
  { sky: ['#fde7d3', '#f6b89a'], floor: '#b98c76' },
] as const;

function carSvg(category: string, hex: string, scene: number): string {
  const s = SHAPES[category] ?? SHAPES.sedan!;
  const x0 = (WIDTH - s.length) / 2;
  const x1 = x0 + s.length;
  const bottom = GROUND - s.ride;
  const belt = bottom - s.body;
  const top = GROUND - s.roof;
  const roofFront = x0 + s.hood + s.windshield;
  const roofBack = x1 - s.trunk - s.rearWindow;
  const frontWheel = x0 + s.length * 0.19;
  const rearWheel = x1 - s.length * 0.2;
  const r = s.wheel;
  const arch = r + 7;
  const dark = shade(hex, -0.35);
  const light = shade(hex, 0.35);
  const glass = '#2b3640';
  const { sky, floor } = SCENES[scene % SCENES.length]!;

  const cabinEnd = s.bed ? x0 + s.hood + s.windshield + 150 : x1;
  const body = [
    `M${x0 + 6},${bottom}`,
    `L${x0},${belt + 26}`,
    `Q${x0 + 4},${belt + 4} ${x0 + 40},${belt}`,
    `L${x0 + s.hood},${belt - 6}`,
    s.openTop ? `L${x0 + s.hood + s.windshield},${belt - 4}` : `L${roofFront},${top}`,
    s.openTop ? '' : s.bed ? `L${cabinEnd},${top}L${cabinEnd + 10},${belt - 4}` : `L${roofBack},${top}`,
    `L${x1 - s.trunk},${belt - 4}`,
    `Q${x1},${belt} ${x1},${belt + 24}`,
    `L${x1 - 4},${bottom}`,
    `L${rearWheel + arch},${bottom}`,
    `A${arch},${arch} 0 0 0 ${rearWheel - arch},${bottom}`,
    `L${frontWheel + arch},${bottom}`,
    `A${arch},${arch} 0 0 0 ${frontWheel - arch},${bottom}`,
    'Z',
  ].join(' ');

  const glassTop = top + 10;
  const glassBottom = belt - 8;
  const pillar = s.openTop ? 0 : (roofFront + (s.bed ? cabinEnd : roofBack)) / 2;
  const windows = s.openTop
    ? `<path d="M${x0 + s.hood + 8},${belt - 8} L${x0 + s.hood + s.windshield - 6},${belt - 52} L${x0 + s.hood + s.windshield},${belt - 50} L${x0 + s.hood + s.windshield - 4},${belt - 8} Z" fill="${glass}" opacity=".85"/>`
    : `<path d="M${x0 + s.hood + 12},${glassBottom} L${roofFront + 4},${glassTop} L${pillar - 6},${glassTop} L${pillar - 6},${glassBottom} Z" fill="${glass}"/>` +
      `<path d="M${pillar + 6},${glassBottom} L${pillar + 6},${glassTop} L${(s.bed ? cabinEnd : roofBack) - 4},${glassTop} L${(s.bed ? cabinEnd : x1 - s.trunk) - 10},${glassBottom} Z" fill="${glass}"/>`;

  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="${GROUND - r}" r="${r}" fill="#1d2126"/>` +
    `<circle cx="${cx}" cy="${GROUND - r}" r="${r * 0.58}" fill="#a9b1ba"/>` +
    `<circle cx="${cx}" cy="${GROUND - r}" r="${r * 0.18}" fill="#5d6670"/>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>
<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset=".45" stop-color="${hex}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/><rect y="${GROUND}" width="${WIDTH}" height="${HEIGHT - GROUND}" fill="${floor}"/>
<ellipse cx="${WIDTH / 2}" cy="${GROUND + 4}" rx="${s.length / 2 + 20}" ry="12" fill="#000" opacity=".22"/>
<g${scene % 2 === 1 ? ` transform="translate(${WIDTH},0) scale(-1,1)"` : ''}>
<path d="${body}" fill="url(#paint)" stroke="${dark}" stroke-width="2"/>${windows}
<path d="M${x0 + 30},${belt + 18} L${x1 - 20},${belt + 18}" stroke="${light}" stroke-width="3" opacity=".6"/>
<rect x="${x0 - 2}" y="${belt + 14}" width="16" height="9" rx="3" fill="#fff3c4"/><rect x="${x1 - 12}" y="${belt + 14}" width="14" height="9" rx="3" fill="#d33"/>
${wheel(frontWheel)}${wheel(rearWheel)}</g></svg>`;
}

export const PICTURE_SIZE = { width: WIDTH, height: HEIGHT };

/**
 * Where the seed puts its drawings, by key (`seed/suv-red-1.svg`). The API passes its media store
 * (disk or S3, whichever is configured); the seed command and the bench pass a folder.
 */
export interface PictureStore {
  put(key: string, data: Uint8Array): Promise<void>;
}

/** A media folder on disk, laid out as the API's disk store lays it out (`<dir>/seed/…`). */
export function mediaFolder(dir: string): PictureStore {
  return {
    async put(key, data) {
      const file = path.join(dir, ...key.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
  };
}

/** Puts at most this many drawings at once: a remote store gets a steady trickle, not hundreds of requests. */
const PUTS_AT_ONCE = 8;

/** The raster rendition of a cover drawing: link previews (OpenGraph, Twitter cards) show no SVG. */
const SHARE_WIDTH = 1200;
const SHARE_HEIGHT = Math.round((HEIGHT * SHARE_WIDTH) / WIDTH);

/** A stored drawing: its key, its size, and its renditions as the `pictures.renditions` column holds them (JSON). */
export interface SeedPicture {
  key: string;
  bytes: number;
  renditions: string;
}

/**
 * Stores the drawing for each (category, colour, scene) under `seed/`, and a JPEG rendition of each
 * first scene (the listing's cover, the one previews show); returns them by `category:colour`.
 */
export async function storeSeedPictures(
  store: PictureStore,
  categories: string[],
  colors: { code: string; hex: string }[],
): Promise<Map<string, SeedPicture[]>> {
  const out = new Map<string, SeedPicture[]>();
  const drawings: { key: string; data: Uint8Array | (() => Promise<Uint8Array>) }[] = [];
  for (const category of categories) {
    for (const color of colors) {
      const files: SeedPicture[] = [];
      for (let scene = 0; scene < SCENES.length; scene++) {
        const data = Buffer.from(carSvg(category, color.hex, scene));
        const name = `seed/${category}-${color.code}-${scene + 1}`;
        drawings.push({ key: `${name}.svg`, data });
        let renditions = '[]';
        if (scene === 0) {
          const key = `${name}.${SHARE_WIDTH}.jpg`;
          drawings.push({ key, data: () => sharp(data).resize({ width: SHARE_WIDTH }).jpeg({ quality: 80 }).toBuffer() });
          renditions = JSON.stringify([{ width: SHARE_WIDTH, height: SHARE_HEIGHT, format: 'jpeg', key }]);
        }
        files.push({ key: `${name}.svg`, bytes: data.byteLength, renditions });
      }
      out.set(`${category}:${color.code}`, files);
    }
  }
  let next = 0;
  const worker = async () => {
    while (next < drawings.length) {
      const { key, data } = drawings[next++]!;
      await store.put(key, typeof data === 'function' ? await data() : data);
    }
  };
  await Promise.all(Array.from({ length: PUTS_AT_ONCE }, worker));
  return out;
}
