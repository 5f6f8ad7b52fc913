import { CallToAction } from '../components/CallToAction.js';
import { CategoryGrid } from '../components/CategoryGrid.js';
import { PageBanner } from '../components/PageBanner.js';
import { useTexts } from '../context/site-context.js';

export function ProductsPage() {
  const { footer, nav, productsPage: texts } = useTexts();
  return (
    <>
      <PageBanner title={footer.ourProducts}>{texts.lead}</PageBanner>
      <section className="section" aria-label={nav.productCategories}>
        <div className="container">
          <CategoryGrid headingLevel="h2" firstInView />
        </div>
      </section>
      <CallToAction title={texts.notListed} text={texts.toYourDrawing} />
    </>
  );
}
