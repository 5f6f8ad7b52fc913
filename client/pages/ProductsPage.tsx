import { CallToAction } from '../components/CallToAction.js';
import { CategoryGrid } from '../components/CategoryGrid.js';
import { PageBanner } from '../components/PageBanner.js';

export function ProductsPage() {
  return (
    <>
      <PageBanner title="Our Products">
        Seven families of forged and machined parts in carbon, alloy and stainless steel.
      </PageBanner>
      <section className="section" aria-label="Product categories">
        <div className="container">
          <CategoryGrid headingLevel="h2" firstInView />
        </div>
      </section>
      <CallToAction title="Need a part that is not listed?" text="We forge to your drawing. Tell us what you need." />
    </>
  );
}
