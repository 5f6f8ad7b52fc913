import { Link } from 'react-router-dom';
import type { Category } from '../../shared/content/categories.js';
import { categoryImages, COVER_HEIGHT, COVER_WIDTH } from '../images/index.js';
import { Icon } from './Icon.js';
import { ON_A_PHONE, Photo } from './Photo.js';

/**
 * A card's width, as .card-grid lays the cards out (site.css: columns of at least 16rem with 1.25rem
 * gaps, in the container's width less its 1rem padding each side, at most 70rem): four columns from
 * 69.75rem, three from 52.5rem, two from 35.25rem, else one; the picture 1.5rem narrower, in its frame.
 */
const CARD_SIZES = [
  '(min-width: 72rem) 15.1rem',
  '(min-width: 69.75rem) calc((100vw - 5.75rem) / 4 - 1.5rem)',
  '(min-width: 52.5rem) calc((100vw - 4.5rem) / 3 - 1.5rem)',
  '(min-width: 35.25rem) calc((100vw - 3.25rem) / 2 - 1.5rem)',
  'calc(100vw - 3.5rem)',
].join(', ');

/**
 * `load`: 'lcp' for the card whose picture is the page's largest image in the first view (the first
 * on /products), fetched first; otherwise as Photo's `load` says (a drawing loads as it nears the viewport).
 */
export function CategoryCard({
  category,
  headingLevel: Heading = 'h3',
  load = 'after-load',
}: {
  category: Category;
  headingLevel?: 'h2' | 'h3';
  load?: 'lcp' | 'after-load';
}) {
  return (
    <article className="card category-card">
      {/* A photo and a drawing sit in the same frame on the same ground, so a grid that has both looks planned. */}
      <div className="card__media">
        {category.photo ? (
          <Photo photo={category.photo} sizes={CARD_SIZES} load={load} narrow={ON_A_PHONE} />
        ) : (
          <img
            src={categoryImages[category.slug]}
            alt={category.imageAlt}
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
            loading={load === 'lcp' ? undefined : 'lazy'}
            fetchPriority={load === 'lcp' ? 'high' : undefined}
            decoding="async"
          />
        )}
      </div>
      <div className="card__body">
        <span className="card__icon">
          <Icon name={category.icon} />
        </span>
        <Heading className="card__title">
          <Link to={`/products/${category.slug}`} className="stretched-link">
            {category.name}
          </Link>
        </Heading>
        <p>{category.description}</p>
        <span className="card__more" aria-hidden="true">
          View details <Icon name="arrow" size={16} />
        </span>
      </div>
    </article>
  );
}
