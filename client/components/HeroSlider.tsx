import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { SLIDE_TARGETS } from '../../shared/routes.js';
import { useContent } from '../context/site-context.js';
import { Icon } from './Icon.js';
import { ON_A_PHONE, Photo } from './Photo.js';

/**
 * Three slides that advance every 7 s and wrap. Auto-advance stops while the slider is hovered or
 * focused, after the pause button, and entirely under prefers-reduced-motion. Without JavaScript
 * the first slide shows.
 */
const SLIDE_INTERVAL_MS = 7000;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function onReducedMotionChange(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function HeroSlider() {
  const heroSlides = useContent().home.slides;
  const [index, setIndex] = useState(0);
  // The first slide shows at once; a slide fades in only when the slider moves to it.
  const [moved, setMoved] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  // Off in the server's HTML and while hydrating; the browser's setting from then on.
  const reducedMotion = useSyncExternalStore(
    onReducedMotionChange,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );

  const running = !paused && !hovered && !focused && !reducedMotion;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      setMoved(true);
      setIndex((current) => (current + 1) % heroSlides.length);
    }, SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [running, heroSlides.length]);

  return (
    <section
      className={moved ? 'hero hero--moved' : 'hero'}
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {/* Each slide's background photo shows with its slide; the first is the page's largest image. */}
      {heroSlides.map((slide, slideIndex) =>
        slide.photo ? (
          <div key={slideIndex} className="hero__backdrop" hidden={slideIndex !== index}>
            <Photo photo={slide.photo} sizes="100vw" load={slideIndex === 0 ? 'lcp' : 'lazy'} narrow={ON_A_PHONE} />
          </div>
        ) : null,
      )}
      <div className="container hero__inner">
        {heroSlides.map((slide, slideIndex) => (
          <div
            key={slideIndex}
            className="hero__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} of ${heroSlides.length}`}
            hidden={slideIndex !== index}
          >
            <p className="hero__subtitle">{slide.subtitle}</p>
            <h2 className="hero__title">{slide.title}</h2>
            <p className="hero__description">{slide.description}</p>
            <Link to={SLIDE_TARGETS[slideIndex]!.path} className="button button--accent">
              {slide.button}
            </Link>
          </div>
        ))}
        <div className="hero__controls">
          <button
            type="button"
            className="hero__pause"
            onClick={() => setPaused((value) => !value)}
            aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          >
            <Icon name={paused ? 'play' : 'pause'} size={18} />
          </button>
          <ul className="hero__dots" role="list">
            {heroSlides.map((slide, slideIndex) => (
              <li key={slideIndex}>
                <button
                  type="button"
                  className="hero__dot"
                  aria-label={`Show slide ${slideIndex + 1}: ${slide.title}`}
                  aria-current={slideIndex === index ? 'true' : undefined}
                  onClick={() => {
                    setMoved(true);
                    setIndex(slideIndex);
                  }}
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
