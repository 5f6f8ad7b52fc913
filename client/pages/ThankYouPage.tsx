import { Link } from 'react-router-dom';
import { PageBanner } from '../components/PageBanner.js';
import { SuccessNotice } from '../components/enquiry/SuccessNotice.js';
import { usePageData } from '../context/site-context.js';

/**
 * Where the form lands after a successful submission without JavaScript (303 from POST /contact to
 * /contact/thank-you?ref=64): the enquiry's reference number under the spec's message.
 */
export function ThankYouPage() {
  const { reference } = usePageData();
  return (
    <>
      <PageBanner title="Thank You" />
      <section className="section">
        <div className="container prose">
          <SuccessNotice reference={reference} role="status" />
          <p>
            <Link to="/products">Browse our products</Link> or <Link to="/contact">send another enquiry</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
