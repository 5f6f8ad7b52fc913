import { Link } from 'react-router-dom';
import { quoteHref, type Category } from '../../shared/content/categories.js';
import { Checklist } from '../components/Checklist.js';
import { Paragraphs } from '../components/Paragraphs.js';
import { PageBanner } from '../components/PageBanner.js';
import { Photo } from '../components/Photo.js';
import { SpecTable } from '../components/SpecTable.js';
import { categoryImages, COVER_HEIGHT, COVER_WIDTH } from '../images/index.js';
import { useTexts } from '../context/site-context.js';

export function CategoryPage({ category }: { category: Category }) {
  const { nav, category: texts } = useTexts();
  return (
    <>
      <PageBanner title={category.name}>{category.description}</PageBanner>
      <nav className="container breadcrumb" aria-label={texts.breadcrumb}>
        <ol>
          <li>
            <Link to="/">{nav.home}</Link>
          </li>
          <li>
            <Link to="/products">{nav.products}</Link>
          </li>
          <li>
            <span aria-current="page">{category.name}</span>
          </li>
        </ol>
      </nav>
      <section className="section section--tight" aria-label={texts.overview}>
        <div className="container split">
          {category.photo ? (
            // A column of .split from 48rem (half the container less its padding and 2rem gap), else the
            // container's width less its padding: the page's largest image.
            <Photo
              className="category__image"
              photo={category.photo}
              sizes="(min-width: 72rem) 34rem, (min-width: 48rem) calc((100vw - 4rem) / 2), calc(100vw - 2rem)"
              load="lcp"
            />
          ) : (
            <img
              className="category__image"
              src={categoryImages[category.slug]}
              alt={category.imageAlt}
              width={COVER_WIDTH}
              height={COVER_HEIGHT}
            />
          )}
          <div>
            <Paragraphs className="category__intro" text={category.intro} />
            <h2>{texts.keyFeatures}</h2>
            <Checklist items={category.features} icon="check" />
          </div>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="category-specs">
        <div className="container split">
          <div>
            <h2 id="category-specs">{texts.specifications}</h2>
            <SpecTable caption={texts.specificationsOf(category.name)} rows={category.specifications} />
          </div>
          <div>
            <h2>{texts.applications}</h2>
            <Checklist items={category.applications} icon="arrow" />
          </div>
        </div>
      </section>
      <section className="cta" aria-labelledby="category-quote">
        <div className="container cta__inner">
          <h2 id="category-quote">{category.cta.title}</h2>
          <p>{category.cta.text}</p>
          <Link to={quoteHref(category.slug)} className="button button--accent">
            {texts.requestQuote}
          </Link>
        </div>
      </section>
    </>
  );
}
