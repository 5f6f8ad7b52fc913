import { Link } from 'react-router-dom';
import { useTexts } from '../context/site-context.js';

export function CallToAction({ title, text }: { title?: string; text?: string }) {
  const { cta } = useTexts();
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="container cta__inner">
        <h2 id="cta-title">{title ?? cta.title}</h2>
        <p>{text ?? cta.text}</p>
        <Link to="/contact" className="button button--accent">
          {cta.button}
        </Link>
      </div>
    </section>
  );
}
