import type { SiteContent } from '../../shared/content/schema.js';

/**
 * The content as the pages render it: each hero slide's photo with the overlay shade it needs
 * (media-library.ts, shade()), which the content does not hold. A photo not measured keeps none,
 * and its slide the darkest overlay. Content without hero photos is answered as it is.
 */
export async function withHeroShades(
  content: SiteContent,
  shadeOf: (id: string) => Promise<number | undefined>,
): Promise<SiteContent> {
  const slides = content.home.slides;
  if (slides.every((slide) => !slide.photo)) return content;
  const shades = await Promise.all(
    slides.map((slide) => (slide.photo ? shadeOf(slide.photo.id) : Promise.resolve(undefined))),
  );
  const shaded = slides.map((slide, index) =>
    slide.photo && shades[index] !== undefined ? { ...slide, photo: { ...slide.photo, shade: shades[index] } } : slide,
  ) as unknown as typeof slides;
  return { ...content, home: { ...content.home, slides: shaded } };
}
