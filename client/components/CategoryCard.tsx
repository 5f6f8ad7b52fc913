import { Link } from 'react-router-dom';
import type { Category } from '../../shared/content/categories.js';
import { categoryImages, COVER_HEIGHT, COVER_WIDTH } from '../images/index.js';
import { Icon } from './Icon.js';
import { Photo } from './Photo.js';

/** A card's width: a quarter of the 72rem container on wide screens, at most half from 36rem, else the screen. */
const CARD_SIZES = '(min-width: 72rem) 17rem, (min-width: 36rem) 50vw, 100vw';

export function CategoryCard({ category, headingLevel: Heading = 'h3' }: { category: Category; headingLevel?: 'h2' | 'h3' }) {
  return (
    <article className="card category-card">
      {category.photo ? (
        <Photo photo={category.photo} sizes={CARD_SIZES} />
      ) : (
        <img src={categoryImages[category.slug]} alt={category.imageAlt} width={COVER_WIDTH} height={COVER_HEIGHT} loading="lazy" decoding="async" />
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
