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
  const { nav, contactPage: texts, proof } = useTexts();
  const registration = useHasRegistration(false);
  return (
    <>
      <PageBanner title={nav.contact}>{contact.intro}</PageBanner>
      <section className="section">
        <div className="container contact">
          <div className="contact__details">
            <h2 id="get-in-touch">{texts.getInTouch}</h2>
            <dl className="contact__list">
              <div>
                <dt>
                  <Icon name="pin" /> {texts.address}
                </dt>
                <dd>
                  <PostalAddress />
                </dd>
              </div>
              <div>
                <dt>
                  <Icon name="mail" /> {texts.email}
                </dt>
                <dd>
                  <a href={`mailto:${company.email}`}>{company.email}</a>
                </dd>
              </div>
              <div>
                <dt>
                  <Icon name="phone" /> {texts.phone}
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
                    <Icon name="clock" /> {texts.hours}
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
                <h3>{texts.followUs}</h3>
                <SocialLinks className="social-list" withText />
              </>
            )}
            {registration && (
              <>
                <h3>{proof.registration}</h3>
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
