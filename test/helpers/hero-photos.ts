import sharp from 'sharp';
import type { Rgb } from '../../shared/hero/overlay-shade.js';

/** A 4000 × 3000 camera JPEG, as an owner would upload for a hero slide. */
export const HERO_PHOTO_SIZE = { width: 4000, height: 3000 };

/**
 * A bright photo: a white sky over two thirds of it (white at the top, pale blue at the horizon) above
 * dark ground, with a camera's grain. Its brightest region is white.
 */
export function brightPhoto(): Promise<Buffer> {
  return photo(
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d6e4f2"/></linearGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5a5046"/><stop offset="1" stop-color="#2b241e"/></linearGradient>`,
    `<rect width="400" height="200" fill="url(#sky)"/><rect y="200" width="400" height="100" fill="url(#ground)"/>`,
  );
}

/** A dark photo: a dim shop floor, a press's shape a little lighter than the floor around it. */
export function darkPhoto(): Promise<Buffer> {
  return photo(
    `<linearGradient id="floor" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#161b21"/><stop offset="1" stop-color="#2c343d"/></linearGradient>`,
    `<rect width="400" height="300" fill="url(#floor)"/><rect x="150" y="60" width="110" height="190" rx="8" fill="#343d47"/>`,
  );
}

async function photo(defs: string, body: string): Promise<Buffer> {
  const { width, height } = HERO_PHOTO_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300" preserveAspectRatio="none"><defs>${defs}</defs>${body}</svg>`;
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 6 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The brightest each channel gets anywhere in the photo: a colour at least as light as any of its pixels. */
export async function brightestOf(jpeg: Buffer): Promise<Rgb> {
  const { channels } = await sharp(jpeg).stats();
  return [channels[0]!.max, channels[1]!.max, channels[2]!.max];
}
