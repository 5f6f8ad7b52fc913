import { Link } from 'react-router-dom';
import { useSiteConfig } from '../app/site-context.js';
import { CallToAction } from '../components/CallToAction.js';
import { CategoryGrid } from '../components/CategoryGrid.js';
import { HeroSlider } from '../components/HeroSlider.js';
import { Icon } from '../components/Icon.js';

export function HomePage() {
  const { companyName } = useSiteConfig();
  return (
    <>
      <h1 className="visually-hidden">{companyName}: closed-die forging and precision machining</h1>
      <HeroSlider />
      <section className="section" aria-labelledby="home-products">
        <div className="container">
          <h2 id="home-products" className="section__title">Our Products</h2>
          <p className="section__lead">Forged and machined in carbon, alloy and stainless steel.</p>
          <CategoryGrid />
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="home-about">
        <div className="container split">
          <div>
            <h2 id="home-about" className="section__title">About {companyName}</h2>
            <p>
              Established in 2021, with forging expertise since 2015, we make closed-die and upset forgings and
              precision-machined parts for buyers and importers in India and abroad.
            </p>
            <p>
              <Link to="/about" className="button">
                Learn more about us
              </Link>
            </p>
          </div>
          <ul className="highlights" role="list">
            <li><Icon name="certificate" /> ISO 9001:2015 certified</li>
            <li><Icon name="factory" /> Closed-die and upset forging</li>
            <li><Icon name="gear" /> Precision CNC machining</li>
            <li><Icon name="check" /> Carbon, alloy and stainless steel</li>
          </ul>
        </div>
      </section>
      <CallToAction title="Ready to source forged parts?" label="Contact Us" />
    </>
  );
}
