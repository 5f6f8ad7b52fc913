import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { isShade } from '../../shared/hero/overlay-shade.js';
import type { Photo as PhotoValue } from '../../shared/content/photo.js';
import type { SiteContent } from '../../shared/content/schema.js';
import { SLIDE_TARGETS } from '../../shared/routes.js';
import { useContent, useTexts } from '../context/site-context.js';
import { Icon } from './Icon.js';
import { ON_A_PHONE, Photo } from './Photo.js';

/**
 * Three slides side by side in a row that scrolls sideways and snaps to each: one height (the
 * tallest slide's), each slide readable without JavaScript (swiped, scrolled, or reached with Tab).
 * Once the page runs, the pause button and the dots appear (never before: without JavaScript they
 * would do nothing) and the row advances every 7 s, wrapping. Auto-advance stops while the slider
 * is hovered or focused, after the pause button, and entirely under prefers-reduced-motion.
 */
const SLIDE_INTERVAL_MS = 7000;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function onReducedMotionChange(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const noSubscription = () => () => {};

/** The overlay's class: the shade the server measured for the photo, else the darkest (a photo not measured). */
function backdropClass(photo: PhotoValue): string {
  return isShade(photo.shade) ? `hero__backdrop hero__shade--${photo.shade}` : 'hero__backdrop';
}

export function HeroSlider() {
  const heroSlides = useContent().home.slides;
  const texts = useTexts().hero;
  const track = useRef<HTMLDivElement>(null);
  // False in the server's HTML and while hydrating (so the page hydrates as it was sent), then true.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  // Off in the server's HTML and while hydrating; the browser's setting from then on.
  const reducedMotion = useSyncExternalStore(
    onReducedMotionChange,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );

  // The slide in view follows the row's scroll position, however it was scrolled.
  useEffect(() => {
    const row = track.current;
    if (!row) return;
    const follow = () => setIndex(Math.round(row.scrollLeft / Math.max(1, row.clientWidth)));
    row.addEventListener('scroll', follow, { passive: true });
    return () => row.removeEventListener('scroll', follow);
  }, []);

  const show = (slideIndex: number) => {
    const row = track.current;
    if (row) row.scrollTo({ left: slideIndex * row.clientWidth, behavior: reducedMotion ? 'instant' : 'smooth' });
  };

  const running = hydrated && !paused && !hovered && !focused && !reducedMotion;
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => {
      const row = track.current;
      if (row) row.scrollTo({ left: ((index + 1) % heroSlides.length) * row.clientWidth, behavior: 'smooth' });
    }, SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, index, heroSlides.length]);

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={texts.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="hero__track" ref={track}>
        {heroSlides.map((slide, slideIndex) => (
          <HeroSlide key={slideIndex} slide={slide} index={slideIndex} count={heroSlides.length} hydrated={hydrated} />
        ))}
      </div>
      {hydrated && (
        <div className="container hero__controls">
          <button
            type="button"
            className="hero__pause"
            onClick={() => setPaused((value) => !value)}
            aria-label={paused ? texts.play : texts.pause}
          >
            <Icon name={paused ? 'play' : 'pause'} size={18} />
          </button>
          <ul className="hero__dots" role="list">
            {heroSlides.map((slide, slideIndex) => (
              <li key={slideIndex}>
                <button
                  type="button"
                  className="hero__dot"
                  aria-label={texts.show(slideIndex + 1, slide.title)}
                  aria-current={slideIndex === index ? 'true' : undefined}
                  onClick={() => show(slideIndex)}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

type Slide = SiteContent['home']['slides'][number];

/** One slide: its photo under the overlay, its texts and its link; "1 / 3" until the controls come. */
function HeroSlide({
  slide,
  index,
  count,
  hydrated,
}: {
  slide: Slide;
  index: number;
  count: number;
  hydrated: boolean;
}) {
  const texts = useTexts().hero;
  return (
    <div
      className="hero__slide"
      role="group"
      aria-roledescription="slide"
      aria-label={texts.position(index + 1, count)}
    >
      {/* The slide's background photo; the first slide's is the page's largest image, the others wait for the page to load. */}
      {slide.photo && (
        <div className={backdropClass(slide.photo)}>
          <Photo photo={slide.photo} sizes="100vw" load={index === 0 ? 'lcp' : 'after-load'} narrow={ON_A_PHONE} />
        </div>
      )}
      <div className="container hero__content">
        <p className="hero__subtitle">{slide.subtitle}</p>
        <h2 className="hero__title">{slide.title}</h2>
        <p className="hero__description">{slide.description}</p>
        <Link to={SLIDE_TARGETS[index]!.path} className="button button--accent">
          {slide.button}
        </Link>
        {/* Until the controls come (never, without JavaScript): where this slide is in the row. */}
        {!hydrated && (
          <p className="hero__count" aria-hidden="true">
            {index + 1} / {count}
          </p>
        )}
      </div>
    </div>
  );
}
