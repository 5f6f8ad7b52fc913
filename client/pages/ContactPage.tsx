import { socialLinks, telHref } from '../../shared/content/company.js';
import { useContent, useTexts } from '../context/site-context.js';
import { EnquiryForm } from '../components/enquiry/EnquiryForm.js';
import { Icon } from '../components/Icon.js';
import { PageBanner } from '../components/PageBanner.js';
import { PostalAddress } from '../components/PostalAddress.js';
import { RegistrationList, useHasRegistration } from '../components/capability/RegistrationList.js';
import { SocialLinks } from '../components/SocialLinks.js';

export default function ContactPage() {
  const { company, contact } = useContent();
  const { nav } = useTexts();
  const registration = useHasRegistration(false);
  return (
    <>
      <PageBanner title={nav.contact}>{contact.intro}</PageBanner>
      <section className="section">
        <div className="container contact">
          <div className="contact__details">
            <h2 id="get-in-touch">Get In Touch</h2>
            <dl className="contact__list">
              <div>
                <dt>
                  <Icon name="pin" /> Address
                </dt>
                <dd>
                  <PostalAddress />
                </dd>
              </div>
              <div>
                <dt>
                  <Icon name="mail" /> Email
                </dt>
                <dd>
                  <a href={`mailto:${company.email}`}>{company.email}</a>
                </dd>
              </div>
              <div>
                <dt>
                  <Icon name="phone" /> Phone
                </dt>
                {company.phones.map((phone, index) => (
                  <dd key={index}>
                    <a href={telHref(phone)}>{phone}</a>
                  </dd>
                ))}
              </div>
              {company.hours.length > 0 && (
                <div>
                  <dt>
                    <Icon name="clock" /> Business Hours
                  </dt>
                  {company.hours.map((entry, index) => (
                    <dd key={index}>
                      {entry.days}: {entry.hours}
                    </dd>
                  ))}
                </div>
              )}
            </dl>
            {socialLinks(company).length > 0 && (
              <>
                <h3>Follow Us</h3>
                <SocialLinks className="social-list" withText />
              </>
            )}
            {registration && (
              <>
                <h3>Company Registration</h3>
                <RegistrationList withYear={false} />
              </>
            )}
          </div>
          <div className="contact__form card card--padded">
            <EnquiryForm />
          </div>
        </div>
      </section>
    </>
  );
}
