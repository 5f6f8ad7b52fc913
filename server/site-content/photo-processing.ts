import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { PHOTO_LIMITS, PHOTO_WIDTHS, variantWidths, type PhotoExtension } from '../../shared/content/photo.js';

/** A photo decoded and made into its variants, in memory: what the media library writes. */
export interface ProcessedPhoto {
  /** Upright (orientation applied). */
  width: number;
  height: number;
  placeholder: string;
  /** The format the upload was in ('jpeg', 'png', 'webp', 'avif'). */
  format: string;
  variants: { width: number; extension: PhotoExtension; data: Buffer }[];
}

/** Why an upload is not a photo the site takes, in words for the owner. */
export interface PhotoRefusal {
  refused: string;
}

const READABLE: Record<string, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heif: 'avif' };
const ACCEPTED = 'JPEG, PNG, WebP or AVIF';
const LARGEST = PHOTO_WIDTHS.at(-1)!;
/** Taller or wider than this (4 : 1) is no photo for these pages, and AVIF cannot be taller than 16,384 px. */
const MAX_ASPECT = 4;
const PLACEHOLDER_WIDTH = 24;

/**
 * Reads the uploaded file at `path` as a photo: its header first (format and size, so a
 * decompression bomb is refused before any pixel is decoded), then the whole image, upright, down
 * to the largest variant; from that, AVIF, WebP and JPEG at each width it reaches (never enlarged)
 * and a tiny placeholder. Nothing of the original's metadata (EXIF, GPS, XMP, ICC) is written out:
 * sharp writes none unless told to. Runs in libuv's thread pool, never on the event loop.
 */
export type PhotoProcessor = (path: string, name: string) => Promise<ProcessedPhoto | PhotoRefusal>;

export async function processPhoto(path: string, name: string): Promise<ProcessedPhoto | PhotoRefusal> {
  const unreadable = { refused: `${name} is not a photo this site can read. Upload a ${ACCEPTED} file.` };
  let metadata: Metadata;
  try {
    metadata = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    return unreadable;
  }
  const format =
    metadata.format === 'heif' && metadata.compression !== 'av1' ? 'heic' : READABLE[metadata.format ?? ''];
  if (format === 'heic') {
    return {
      refused: `${name} is a HEIC photo, which this site cannot read. Save it as JPEG (on an iPhone: Settings, Camera, Formats, Most Compatible), then upload it again.`,
    };
  }
  if (!format || !metadata.width || !metadata.height) return unreadable;
  const pixels = metadata.width * metadata.height;
  if (pixels > PHOTO_LIMITS.maxPixels) {
    const megapixels = (pixels / 1e6).toFixed(1);
    return {
      refused: `${name} is ${metadata.width} × ${metadata.height} pixels (${megapixels} megapixels). Photos may have at most ${PHOTO_LIMITS.maxPixels / 1e6} megapixels: make it smaller, then upload it again.`,
    };
  }

  const upright =
    (metadata.orientation ?? 1) >= 5
      ? { width: metadata.height, height: metadata.width }
      : { width: metadata.width, height: metadata.height };
  if (upright.height > MAX_ASPECT * upright.width || upright.width > MAX_ASPECT * upright.height) {
    return {
      refused: `${name} is ${upright.width} × ${upright.height} pixels: photos may be at most ${MAX_ASPECT} times as wide as tall, or as tall as wide. Crop it, then upload it again.`,
    };
  }

  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(path, { limitInputPixels: PHOTO_LIMITS.maxPixels })
      .rotate()
      .resize({ width: LARGEST, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return {
      refused: `${name} could not be read to the end: the file may be damaged or cut short. Upload it again, or another copy of it.`,
    };
  }
  const { data, info } = base;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const at = (width: number) => sharp(data, raw).resize({ width });

  // One encode at a time: the other threads of libuv's pool stay free for the requests' file reads.
  // AVIF at effort 3: for a 4000 × 3000 camera photo, 1.6 s for the four widths against 8.5 s at
  // effort 4, and no larger. Colour at half resolution (4:2:0, as in JPEG): a tenth smaller, and about
  // a third less work for a phone to decode, with no difference to see in a photo.
  const variants: ProcessedPhoto['variants'] = [];
  try {
    for (const width of variantWidths(upright.width)) {
      variants.push({
        width,
        extension: 'avif',
        data: await at(width).avif({ quality: 50, effort: 3, chromaSubsampling: '4:2:0' }).toBuffer(),
      });
      variants.push({ width, extension: 'webp', data: await at(width).webp({ quality: 75 }).toBuffer() });
      // JPEG has no transparency: a transparent logo stands on white.
      variants.push({
        width,
        extension: 'jpg',
        data: await at(width).flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
      });
    }
    // Blurred here, so the page needs no CSS filter to soften it when it is enlarged.
    const placeholder = await at(PLACEHOLDER_WIDTH).blur(1).webp({ quality: 40 }).toBuffer();
    return { ...upright, format, placeholder: `data:image/webp;base64,${placeholder.toString('base64')}`, variants };
  } catch {
    return {
      refused: `${name} could not be made into the site's photo sizes. Save it again as JPEG, then upload it again.`,
    };
  }
}
