import sharp, { type OutputInfo, type OverlayOptions } from 'sharp';
import { CATEGORY_SLUGS } from '../../shared/content/categories.js';
import { sectionPath } from '../../shared/content/sections.js';
import type { AdminClient } from './admin-client.js';
import { cachedFixture } from './fixture-cache.js';
import { makeCertificatePdf } from './pdf.js';
import { openSection } from './site-editor.js';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif';
const TYPES: Record<PhotoFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * A photo-like test image: a forged ring on a lit workbench, drawn with gradients and grain (so it
 * compresses like a photo, not like flat colour), `hue` telling photos apart. JPEGs carry the
 * camera's EXIF and GPS position, as a phone's do, unless `exif` is false. The grain is per pixel, so
 * the photo's smaller sizes come out nearly flat (a few KB); with `texture`, it also has detail at
 * coarser scales, as a camera photo has, and its smaller sizes weigh what a real photo's do (a
 * 4000 × 3000 one: about 75 KB as AVIF and 120 KB as JPEG at 960 px wide, as the server makes them).
 * Drawn once for each set of options and kept (fixture-cache.ts): the same options give the same bytes.
 */
export async function makePhoto(options: PhotoOptions): Promise<Buffer> {
  return cachedFixture(import.meta.url, ['photo', options], () => drawPhoto(options));
}

interface PhotoOptions {
  width: number;
  height: number;
  format?: PhotoFormat;
  hue?: number;
  exif?: boolean;
  orientation?: number;
  texture?: boolean;
}

async function drawPhoto(options: PhotoOptions): Promise<Buffer> {
  const { width, height, format = 'jpeg', hue = 210 } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300" preserveAspectRatio="none">
<defs><linearGradient id="bench" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},25%,22%)"/><stop offset="1" stop-color="hsl(${hue},15%,70%)"/></linearGradient>
<radialGradient id="steel" cx="0.4" cy="0.35"><stop offset="0" stop-color="#f2f2f2"/><stop offset="0.6" stop-color="#8a9099"/><stop offset="1" stop-color="#3a3f47"/></radialGradient></defs>
<rect width="400" height="300" fill="url(#bench)"/>
<ellipse cx="200" cy="160" rx="110" ry="90" fill="url(#steel)"/><ellipse cx="200" cy="160" rx="45" ry="36" fill="hsl(${hue},20%,15%)"/>
<rect x="20" y="250" width="360" height="14" fill="hsl(${(hue + 180) % 360},60%,45%)"/></svg>`;
  const grain = await noise(width, height, 10);
  const texture = options.texture ? await textureOf(width, height) : [];
  let image = sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'soft-light' }, ...texture]);
  if (format === 'jpeg' && options.exif !== false) {
    image = image.withExif({
      IFD0: { Make: 'ForgeCam', Model: 'Shop Floor 1', Copyright: 'secret-owner-name' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '22/1 18/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '70/1 48/1 0/1' },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return format === 'jpeg'
    ? image.jpeg({ quality: 92 }).toBuffer()
    : format === 'png'
      ? image.png().toBuffer()
      : format === 'webp'
        ? image.webp({ quality: 90 }).toBuffer()
        : image.avif({ quality: 60 }).toBuffer();
}

const noise = (width: number, height: number, sigma: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } },
  })
    .png()
    .toBuffer();

/** Detail at three scales (noise drawn at a third, a tenth and a thirtieth of the size, enlarged), made once per size. */
const textures = new Map<string, Promise<OverlayOptions[]>>();
function textureOf(width: number, height: number): Promise<OverlayOptions[]> {
  const key = `${width}x${height}`;
  if (!textures.has(key)) {
    const layer = async (scale: number, sigma: number): Promise<OverlayOptions> => ({
      input: await sharp(
        await noise(Math.max(1, Math.round(width / scale)), Math.max(1, Math.round(height / scale)), sigma),
      )
        .resize(width, height, { kernel: 'cubic' })
        .png()
        .toBuffer(),
      blend: 'overlay',
    });
    textures.set(key, Promise.all([layer(3, 12), layer(10, 18), layer(30, 22)]));
  }
  return textures.get(key)!;
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
export async function uploadPhotos(
  client: AdminClient,
  path: string,
  uploads: PhotoUpload[],
  change: Record<string, string> = {},
  options: { asJson?: boolean } = {},
): Promise<Response> {
  const { page, view } = await openSection(client, path);
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...view.values, ...change })) form.set(name, value);
  for (const upload of uploads) {
    if (upload.alt !== undefined) form.set(`${upload.field}.alt`, upload.alt);
    form.set(
      `${upload.field}.file`,
      new Blob([new Uint8Array(upload.data)], { type: upload.type ?? TYPES.jpeg }),
      upload.fileName,
    );
  }
  form.set('base', String(page.revision.id));
  form.set('note', '');
  form.set('_csrf', client.csrfToken);
  return client.request(path, {
    method: 'POST',
    body: form,
    headers: options.asJson ? { accept: 'application/json' } : {},
  });
}

export const typeOf = (format: PhotoFormat) => TYPES[format];

/** The size of the photos uploadSitePhotos puts on the site: a camera's 12 megapixels. */
export const SITE_PHOTO_SIZE = { width: 4000, height: 3000 };

/**
 * Puts photos on every page that takes one, as an owner would: a distinct 4000 × 3000 camera JPEG
 * (textured, so that its variants weigh what a real photo's do) as the cover of every category and
 * the background of each of the three hero slides, and a square PNG logo. `client` must be signed in.
 * The photos are one drawing turned to different hues (drawing each anew takes seconds). Each
 * section is saved once (the server makes the variants before answering, about 2 s a photo) while
 * the next section's photos are made; throws when a save is refused.
 */
export async function uploadSitePhotos(client: AdminClient): Promise<void> {
  // Decoded only when a hue is not in the cache yet.
  let decoded: Promise<{ data: Buffer; info: OutputInfo }> | undefined;
  const drawing = () =>
    (decoded ??= makePhoto({ ...SITE_PHOTO_SIZE, texture: true }).then((jpeg) =>
      sharp(jpeg).raw().toBuffer({ resolveWithObject: true }),
    ));
  const camera = (field: string, alt: string, hue: number) => async (): Promise<PhotoUpload> => ({
    field,
    alt,
    data: await cachedFixture(import.meta.url, ['site photo', hue], async () => {
      const { data, info } = await drawing();
      return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .modulate({ hue })
        .jpeg({ quality: 92 })
        .toBuffer();
    }),
    fileName: `IMG_${String(hue).padStart(4, '0')}.jpg`,
  });
  const logo = async (): Promise<PhotoUpload> => ({
    field: 'logo',
    alt: 'Company logo',
    data: await makePhoto({ width: 512, height: 512, format: 'png', hue: 20 }),
    fileName: 'logo.png',
    type: TYPES.png,
  });
  const saves: { path: string; photos: (() => Promise<PhotoUpload>)[] }[] = [
    ...CATEGORY_SLUGS.map((slug, index) => ({
      path: sectionPath(`products/${slug}`),
      photos: [camera('photo', `Forged ${slug.replace(/-/g, ' ')} on the inspection bench`, 33 * index)],
    })),
    {
      path: sectionPath('home'),
      photos: [0, 1, 2].map((slide) =>
        camera(
          `slides.${slide}.photo`,
          `The forge shop floor, view ${slide + 1}`,
          33 * (CATEGORY_SLUGS.length + slide),
        ),
      ),
    },
    { path: sectionPath('company'), photos: [logo] },
  ];
  // Drawn one section after another, each while the server processes the one before.
  let drawn: Promise<unknown> = Promise.resolve();
  const uploads = saves.map(({ photos }) => {
    const next = drawn.then(async () => {
      const made: PhotoUpload[] = [];
      for (const draw of photos) made.push(await draw());
      return made;
    });
    drawn = next;
    next.catch(() => {}); // a drawing that fails is reported where it is awaited
    return next;
  });
  for (const [index, { path }] of saves.entries()) {
    const response = await uploadPhotos(client, path, await uploads[index]!, {}, { asJson: true });
    if (!response.ok)
      throw new Error(
        `${path}: the photos were not saved (${response.status}): ${(await response.text()).slice(0, 500)}`,
      );
  }
}

/**
 * Uploads a certificate with its PDF (makeCertificatePdf) on the Capability page, as the owner does in
 * the site editor; the save's response and the PDF's bytes.
 */
export async function uploadCertificatePdf(client: AdminClient): Promise<{ response: Response; pdf: Buffer }> {
  const pdf = await makeCertificatePdf('ISO 9001:2015', 'QMS-0001');
  const response = await uploadPhotos(
    client,
    sectionPath('capability'),
    [{ field: 'certificates.0.pdf', data: pdf, fileName: 'iso.pdf', type: 'application/pdf' }],
    {
      'certificates.0.name': 'ISO 9001:2015',
      'certificates.0.number': 'QMS-0001',
      'certificates.0.scope': 'Forgings',
      'certificates.0.certifier': 'TÜV SÜD',
      'certificates.0.validUntil': '2099-12-31',
    },
  );
  return { response, pdf };
}
