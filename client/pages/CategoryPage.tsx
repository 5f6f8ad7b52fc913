import { Link } from 'react-router-dom';
import { quoteHref, type Category } from '../../shared/content/categories.js';
import { Icon } from '../components/Icon.js';
import { PageBanner } from '../components/PageBanner.js';
import { categoryImages, COVER_HEIGHT, COVER_WIDTH } from '../images/index.js';

export function CategoryPage({ category }: { category: Category }) {
  return (
    <>
      <PageBanner title={category.name}>{category.description}</PageBanner>
      <nav className="container breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li><Link to="/">Home</Link></li>
          <li><Link to="/products">Products</Link></li>
          <li><span aria-current="page">{category.name}</span></li>
        </ol>
      </nav>
      <section className="section section--tight" aria-label="Overview">
        <div className="container split">
          <img
            className="category__image"
            src={categoryImages[category.slug]}
            alt={category.imageAlt}
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
          />
          <div>
            <p className="category__intro">{category.intro}</p>
            <h2>Key Features</h2>
            <ul className="checklist">
              {category.features.map((feature) => (
                <li key={feature}><Icon name="check" size={18} /> {feature}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="category-specs">
        <div className="container split">
          <div>
            <h2 id="category-specs">Technical Specifications</h2>
            <table className="spec-table">
              <caption className="visually-hidden">{category.name}: technical specifications</caption>
              <tbody>
                {category.specifications.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{row.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <h2>Applications</h2>
            <ul className="checklist">
              {category.applications.map((application) => (
                <li key={application}><Icon name="arrow" size={18} /> {application}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <section className="cta" aria-labelledby="category-quote">
        <div className="container cta__inner">
          <h2 id="category-quote">Need {category.name.toLowerCase()} to your drawing?</h2>
          <p>Send us the drawing, material and quantity, and we will quote.</p>
          <Link to={quoteHref(category.slug)} className="button button--accent">Request a Quote</Link>
        </div>
      </section>
    </>
  );
}
