import { categoriesOf } from '../../shared/content/categories.js';
import { useContent } from '../app/site-context.js';
import { CategoryCard } from './CategoryCard.js';

export function CategoryGrid({ headingLevel }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <ul className="card-grid" role="list">
      {categoriesOf(useContent().products).map((category) => (
        <li key={category.slug}>
          <CategoryCard category={category} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
