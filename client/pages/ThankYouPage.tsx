import { Link } from 'react-router-dom';
import { PageBanner } from '../components/PageBanner.js';
import { SuccessNotice } from '../components/enquiry/SuccessNotice.js';
import { usePageData, useTexts } from '../context/site-context.js';

/**
 * Where the form lands after a successful submission without JavaScript (303 from POST /contact to
 * /contact/thank-you?ref=64): the enquiry's reference number under the spec's message.
 */
export function ThankYouPage() {
  const { reference } = usePageData();
  const { thankYou } = useTexts();
  return (
    <>
      <PageBanner title={thankYou.title} />
      <section className="section">
        <div className="container prose">
          <SuccessNotice reference={reference} role="status" />
          <p>
            <Link to="/products">{thankYou.browse}</Link> {thankYou.or} <Link to="/contact">{thankYou.another}</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
