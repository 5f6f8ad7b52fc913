import { memo, type ReactNode } from 'react';
import { photoUrl, srcSet, variantWidths, type Photo as PhotoValue } from '../../shared/content/photo.js';
import { usePageLoaded } from './use-page-loaded.js';

interface PhotoProps {
  photo: PhotoValue;
  /** How wide it shows, for the browser to pick a variant (the `sizes` attribute). */
  sizes: string;
  className?: string;
  /**
   * 'lcp': the page's largest image, fetched first (eager, fetchpriority high); 'eager': in the first
   * view; 'after-load': not needed at first (a hero's later slide, a card below the fold), so not
   * fetched until the page has loaded (see AfterPageLoad); otherwise loaded as it nears the viewport.
   */
  load?: 'lcp' | 'eager' | 'lazy' | 'after-load';
  /** The blurred placeholder behind it until it arrives (not for a logo, which may be transparent). */
  placeholder?: boolean;
  /** Where the media query matches (a phone's width), only the variants up to `maxWidth` pixels wide are offered. */
  narrow?: { media: string; maxWidth: number };
}

/**
 * A phone (one column of cards, below 35.25rem): photos that would load many at once (the cards) or
 * hardly show their detail (the hero, under its dark overlay) come at most 480 px wide there.
 */
export const ON_A_PHONE = { media: '(max-width: 35.24rem)', maxWidth: 480 };

/**
 * An uploaded photo: AVIF, then WebP, then JPEG, each at the widths it has, sized by the page's
 * layout; width and height reserve its place, so nothing moves when it arrives. Not drawn again while
 * its props stay the same (the hero's ten slides are drawn again when the page has hydrated).
 */
export const Photo = memo(function Photo({
  photo,
  sizes,
  className,
  load = 'lazy',
  placeholder = true,
  narrow,
}: PhotoProps) {
  const widths = variantWidths(photo.width);
  const picture = (
    <picture>
      {narrow && (
        <source media={narrow.media} type="image/avif" srcSet={srcSet(photo, 'avif', narrow.maxWidth)} sizes={sizes} />
      )}
      {narrow && (
        <source media={narrow.media} type="image/webp" srcSet={srcSet(photo, 'webp', narrow.maxWidth)} sizes={sizes} />
      )}
      {narrow && (
        <source media={narrow.media} type="image/jpeg" srcSet={srcSet(photo, 'jpg', narrow.maxWidth)} sizes={sizes} />
      )}
      <source type="image/avif" srcSet={srcSet(photo, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(photo, 'webp')} sizes={sizes} />
      <img
        src={photoUrl(photo.id, widths.find((width) => width >= 960) ?? widths.at(-1)!, 'jpg')}
        srcSet={srcSet(photo, 'jpg')}
        sizes={sizes}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        loading={load === 'lazy' || load === 'after-load' ? 'lazy' : undefined}
        fetchPriority={load === 'lcp' ? 'high' : undefined}
        decoding={load === 'lcp' ? undefined : 'async'}
        className={placeholder ? undefined : className}
      />
    </picture>
  );
  const shown = load === 'after-load' ? <AfterPageLoad>{picture}</AfterPageLoad> : picture;
  if (!placeholder) return shown;
  return (
    <span className={className ? `photo ${className}` : 'photo'}>
      <img
        className="photo__placeholder"
        src={photo.placeholder}
        alt=""
        aria-hidden="true"
        width={photo.width}
        height={photo.height}
      />
      {shown}
    </span>
  );
});

/**
 * Its content, but in the server's HTML only inside <noscript>: a browser without JavaScript shows it
 * at once, and one with JavaScript adds it once the page has loaded. A browser fetches a hidden
 * slide's photo as soon as it sees it (it is beside the screen, in a row that scrolls), and cards'
 * photos well below the screen; on a phone's link they would share it with the largest image and the app.
 */
function AfterPageLoad({ children }: { children: ReactNode }) {
  return usePageLoaded() ? children : <noscript>{children}</noscript>;
}
