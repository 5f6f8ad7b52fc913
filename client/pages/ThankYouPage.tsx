import { Link } from 'react-router-dom';
import { SUCCESS_MESSAGE } from '../../shared/enquiry/messages.js';
import { PageBanner } from '../components/PageBanner.js';

/** Where the form lands after a successful submission without JavaScript (303 from POST /contact). */
export function ThankYouPage() {
  return (
    <>
      <PageBanner title="Thank You" />
      <section className="section">
        <div className="container prose">
          <p className="notice notice--success" role="status">
            {SUCCESS_MESSAGE}
          </p>
          <p>
            <Link to="/products">Browse our products</Link> or <Link to="/contact">send another enquiry</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
