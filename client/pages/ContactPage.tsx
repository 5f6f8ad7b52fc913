import { telHref } from '../../shared/config/site-config.js';
import { useSiteConfig } from '../app/site-context.js';
import { EnquiryForm } from '../components/enquiry/EnquiryForm.js';
import { Icon } from '../components/Icon.js';
import { PageBanner } from '../components/PageBanner.js';
import { PostalAddress } from '../components/PostalAddress.js';
import { SocialLinks } from '../components/SocialLinks.js';

export default function ContactPage() {
  const config = useSiteConfig();
  return (
    <>
      <PageBanner title="Contact Us">
        We welcome your enquiry and will gladly help with drawings, samples and quotations.
      </PageBanner>
      <section className="section">
        <div className="container contact">
          <div className="contact__details">
            <h2 id="get-in-touch">Get In Touch</h2>
            <dl className="contact__list">
              <div>
                <dt><Icon name="pin" /> Address</dt>
                <dd>
                  <PostalAddress />
                </dd>
              </div>
              <div>
                <dt><Icon name="mail" /> Email</dt>
                <dd><a href={`mailto:${config.email}`}>{config.email}</a></dd>
              </div>
              <div>
                <dt><Icon name="phone" /> Phone</dt>
                {config.phones.map((phone) => (
                  <dd key={phone}><a href={telHref(phone)}>{phone}</a></dd>
                ))}
              </div>
              <div>
                <dt><Icon name="clock" /> Business Hours</dt>
                {config.hours.map((entry) => (
                  <dd key={entry.days}>{entry.days}: {entry.hours}</dd>
                ))}
              </div>
            </dl>
            <h3>Follow Us</h3>
            <SocialLinks className="social-list" withText />
          </div>
          <div className="contact__form card card--padded">
            <h2 id="enquiry-form-title">Send Us a Message</h2>
            <EnquiryForm />
          </div>
        </div>
      </section>
    </>
  );
}
