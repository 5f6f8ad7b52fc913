import { Link } from 'react-router-dom';

export function CallToAction({
  title = 'Have a drawing or a requirement?',
  text = 'Tell us the part, material and quantity. We reply with a quotation and lead time.',
  button = 'Send an Enquiry',
}: {
  title?: string;
  text?: string;
  button?: string;
}) {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="container cta__inner">
        <h2 id="cta-title">{title}</h2>
        <p>{text}</p>
        <Link to="/contact" className="button button--accent">
          {button}
        </Link>
      </div>
    </section>
  );
}
