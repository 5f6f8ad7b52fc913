import { categoriesOf } from '../../shared/content/categories.js';
import { useContent } from '../context/site-context.js';
import { CardGrid } from './CardGrid.js';
import { CategoryCard } from './CategoryCard.js';

/**
 * `firstInView`: the grid starts in the page's first view (on /products), its first picture the page's
 * largest image. The other cards' photos wait for the page to load (Photo's 'after-load'): on a phone's
 * link, six photos fetched at once would share it with the largest image and the app.
 */
export function CategoryGrid({
  headingLevel,
  firstInView = false,
}: {
  headingLevel?: 'h2' | 'h3';
  firstInView?: boolean;
}) {
  return (
    <CardGrid>
      {categoriesOf(useContent().products).map((category, index) => (
        <li key={category.slug}>
          <CategoryCard
            category={category}
            headingLevel={headingLevel}
            load={firstInView && index === 0 ? 'lcp' : 'after-load'}
          />
        </li>
      ))}
    </CardGrid>
  );
}
