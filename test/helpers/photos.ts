import sharp from 'sharp';
import type { AdminClient } from './admin-client.js';
import { openSection } from './site-editor.js';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif';
const TYPES: Record<PhotoFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };

/**
 * A photo-like test image: a forged ring on a lit workbench, drawn with gradients and grain (so it
 * compresses like a photo, not like flat colour), `hue` telling photos apart. JPEGs carry the
 * camera's EXIF and GPS position, as a phone's do, unless `exif` is false.
 */
export async function makePhoto(options: { width: number; height: number; format?: PhotoFormat; hue?: number; exif?: boolean; orientation?: number }): Promise<Buffer> {
  const { width, height, format = 'jpeg', hue = 210 } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300" preserveAspectRatio="none">
<defs><linearGradient id="bench" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},25%,22%)"/><stop offset="1" stop-color="hsl(${hue},15%,70%)"/></linearGradient>
<radialGradient id="steel" cx="0.4" cy="0.35"><stop offset="0" stop-color="#f2f2f2"/><stop offset="0.6" stop-color="#8a9099"/><stop offset="1" stop-color="#3a3f47"/></radialGradient></defs>
<rect width="400" height="300" fill="url(#bench)"/>
<ellipse cx="200" cy="160" rx="110" ry="90" fill="url(#steel)"/><ellipse cx="200" cy="160" rx="45" ry="36" fill="hsl(${hue},20%,15%)"/>
<rect x="20" y="250" width="360" height="14" fill="hsl(${(hue + 180) % 360},60%,45%)"/></svg>`;
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } } }).png().toBuffer();
  let image = sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'soft-light' }]);
  if (format === 'jpeg' && options.exif !== false) {
    image = image.withExif({
      IFD0: { Make: 'ForgeCam', Model: 'Shop Floor 1', Copyright: 'secret-owner-name' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 18/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '70/1 48/1 0/1' },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return format === 'jpeg' ? image.jpeg({ quality: 92 }).toBuffer() : format === 'png' ? image.png().toBuffer() : format === 'webp' ? image.webp({ quality: 90 }).toBuffer() : image.avif({ quality: 60 }).toBuffer();
}

export interface PhotoUpload {
  /** The photo field's form name ("photo", "slides.0.photo", "logo"). */
  field: string;
  data: Buffer;
  fileName: string;
  type?: string;
  alt?: string;
}

/**
 * Opens a section and posts its form as multipart, as the editor's form does, with these photos
 * and value changes. The response of the save.
 */
export async function uploadPhotos(client: AdminClient, path: string, uploads: PhotoUpload[], change: Record<string, string> = {}, options: { asJson?: boolean } = {}): Promise<Response> {
  const { page, view } = await openSection(client, path);
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...view.values, ...change })) form.set(name, value);
  for (const upload of uploads) {
    if (upload.alt !== undefined) form.set(`${upload.field}.alt`, upload.alt);
    form.set(`${upload.field}.file`, new Blob([new Uint8Array(upload.data)], { type: upload.type ?? TYPES.jpeg }), upload.fileName);
  }
  form.set('base', String(page.revision.id));
  form.set('note', '');
  form.set('_csrf', client.csrfToken);
  return client.request(path, { method: 'POST', body: form, headers: options.asJson ? { accept: 'application/json' } : {} });
}

export const typeOf = (format: PhotoFormat) => TYPES[format];
