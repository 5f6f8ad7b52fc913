import { Link } from 'react-router-dom';
import type { Category } from '../../shared/content/categories.js';
import { categoryImages, COVER_HEIGHT, COVER_WIDTH } from '../images/index.js';
import { Icon } from './Icon.js';
import { Photo } from './Photo.js';

/** A card's width: a third of the 72rem container on wide screens, half from 36rem, else the screen. */
const CARD_SIZES = '(min-width: 72rem) 23rem, (min-width: 36rem) 50vw, 100vw';

/**
 * `load`: 'lcp' for the card whose picture is the page's largest image in the first view (the first
 * on /products), fetched first; otherwise the picture loads as it nears the viewport.
 */
export function CategoryCard({ category, headingLevel: Heading = 'h3', load = 'lazy' }: { category: Category; headingLevel?: 'h2' | 'h3'; load?: 'lcp' | 'lazy' }) {
  return (
    <article className="card category-card">
      {category.photo ? (
        <Photo photo={category.photo} sizes={CARD_SIZES} load={load} />
      ) : (
        <img
          src={categoryImages[category.slug]}
          alt={category.imageAlt}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          loading={load === 'lazy' ? 'lazy' : undefined}
          fetchPriority={load === 'lcp' ? 'high' : undefined}
          decoding="async"
        />
      )}
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
