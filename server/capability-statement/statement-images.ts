import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { variantWidths, type Photo } from '../../shared/content/photo.js';

/** An image ready to place in the PDF (JPEG or PNG, which pdfkit embeds as they are). */
export interface StatementImage {
  data: Buffer;
  width: number;
  height: number;
  alt: string;
}

/** 960 pixels across is about 300 dpi at the widest a photo is shown on A4 (8 cm). */
const PHOTO_WIDTH = 960;
const LOGO_WIDTH = 480;

/** The photo's widest JPEG variant up to 960 pixels, from disk; undefined when its file is gone. */
export async function photoJpeg(photosDir: string, photo: Photo): Promise<StatementImage | undefined> {
  const width = variantWidths(photo.width)
    .filter((candidate) => candidate <= PHOTO_WIDTH)
    .at(-1)!;
  try {
    const data = await readFile(join(photosDir, photo.id, `${width}.jpg`));
    return { data, width, height: Math.round((photo.height * width) / photo.width), alt: photo.alt };
  } catch {
    return undefined;
  }
}

/**
 * The logo as PNG: the uploaded one (its WebP variant, which keeps transparency), else the site's
 * own drawing (SVG, drawn by sharp).
 */
export async function logoPng(
  photosDir: string,
  logo: Photo | null,
  drawing: string,
): Promise<StatementImage | undefined> {
  try {
    if (logo) {
      const width = variantWidths(logo.width)
        .filter((candidate) => candidate <= LOGO_WIDTH)
        .at(-1)!;
      const data = await sharp(join(photosDir, logo.id, `${width}.webp`))
        .png()
        .toBuffer({ resolveWithObject: true });
      return { data: data.data, width: data.info.width, height: data.info.height, alt: logo.alt };
    }
    const data = await sharp(Buffer.from(drawing), { density: 600 })
      .resize({ width: 240 })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { data: data.data, width: data.info.width, height: data.info.height, alt: 'Logo' };
  } catch {
    return undefined;
  }
}
