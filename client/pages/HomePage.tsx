import { Link } from 'react-router-dom';
import { useContent, useTexts } from '../context/site-context.js';
import { CallToAction } from '../components/CallToAction.js';
import { CapabilityStrip } from '../components/capability/CapabilityStrip.js';
import { CategoryGrid } from '../components/CategoryGrid.js';
import { HeroSlider } from '../components/HeroSlider.js';
import { Icon, type IconName } from '../components/Icon.js';
import { Paragraphs } from '../components/Paragraphs.js';

/** The highlights' icons in order; any after the fourth has a tick. */
const HIGHLIGHT_ICONS: IconName[] = ['certificate', 'factory', 'gear', 'check'];

export function HomePage() {
  const { company, home } = useContent();
  const companyName = company.name;
  const texts = useTexts();
  return (
    <>
      <h1 className="visually-hidden">{texts.home.heading(companyName)}</h1>
      <HeroSlider />
      <section className="section" aria-labelledby="home-products">
        <div className="container">
          <h2 id="home-products" className="section__title">
            {texts.footer.ourProducts}
          </h2>
          <p className="section__lead">{texts.home.productsLead}</p>
          <CategoryGrid />
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="home-about">
        <div className="container split">
          <div>
            <h2 id="home-about" className="section__title">
              {texts.home.about(companyName)}
            </h2>
            <Paragraphs text={home.summary} />
            <p>
              <Link to="/about" className="button">
                {texts.home.learnMore}
              </Link>
            </p>
          </div>
          <ul className="highlights" role="list">
            {home.highlights.map((highlight, index) => (
              <li key={index}>
                <Icon name={HIGHLIGHT_ICONS[index] ?? 'check'} /> {highlight}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CapabilityStrip />
      <CallToAction {...home.cta} />
    </>
  );
}
