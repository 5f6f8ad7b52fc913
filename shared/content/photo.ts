/**
 * Photos the owner uploads in the site editor (the logo, a cover per category, a background per
 * hero slide, a photo per leader). Each is kept as variants made once at upload: AVIF, WebP and
 * JPEG at the widths below that the photo reaches, under content-hash names served immutable.
 */

/** A photo as the content holds it. `id` names its files; the server fills in the rest from them. */
export interface Photo {
  /** The first 20 hex digits of the SHA-256 of the uploaded file. */
  id: string;
  /** What the photo shows, for people who cannot see it. */
  alt: string;
  /** Of the photo upright (after its orientation was applied), in pixels. */
  width: number;
  height: number;
  /** A tiny blurred WebP as a data: URL, shown until the photo arrives. */
  placeholder: string;
  /**
   * A hero slide's photo only, set by the server as it renders a page (never stored in the content):
   * the overlay, in percent, its text needs for 4.5 : 1 over the photo (shared/hero/overlay-shade.ts).
   */
  shade?: number;
}

export const PHOTO_ID = /^[0-9a-f]{20}$/;
export const PHOTO_WIDTHS = [160, 480, 960, 1600] as const;
export const PHOTO_FORMATS = [
  { extension: 'avif', type: 'image/avif' },
  { extension: 'webp', type: 'image/webp' },
  { extension: 'jpg', type: 'image/jpeg' },
] as const;
export type PhotoExtension = (typeof PHOTO_FORMATS)[number]['extension'];

/** What an upload may be: checked by decoding it, not by its name. */
export const PHOTO_LIMITS = { maxBytes: 15 * 1024 * 1024, maxPixels: 40_000_000 };
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** The widths a photo `width` pixels wide has variants at: those below it, and its own width up to the largest (never enlarged). */
export function variantWidths(width: number): number[] {
  const largest = PHOTO_WIDTHS.at(-1)!;
  return [...PHOTO_WIDTHS.filter((candidate) => candidate < Math.min(width, largest)), Math.min(width, largest)];
}

export function photoUrl(id: string, width: number, extension: PhotoExtension): string {
  return `/media/${id}/${width}.${extension}`;
}

/** The srcset of a photo's variants in one format, those up to `maxWidth` pixels wide (at least the smallest). */
export function srcSet(photo: Pick<Photo, 'id' | 'width'>, extension: PhotoExtension, maxWidth = Infinity): string {
  const widths = variantWidths(photo.width);
  return widths
    .filter((width, index) => index === 0 || width <= maxWidth)
    .map((width) => `${photoUrl(photo.id, width, extension)} ${width}w`)
    .join(', ');
}

/** The height of the variant `width` pixels wide. */
export function heightAt(photo: Pick<Photo, 'width' | 'height'>, width: number): number {
  return Math.round((photo.height * width) / photo.width);
}
