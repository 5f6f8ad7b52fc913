import { Link } from 'react-router-dom';
import { capacityFigures } from '../../../shared/capability/records.js';
import { INFRASTRUCTURE_PATH } from '../../../shared/routes.js';
import { plural } from '../../../shared/i18n/plural.js';
import { useContent, useLanguage, useTexts } from '../../context/site-context.js';
import { Icon } from '../Icon.js';

/**
 * A short strip of the plant's proof on the home and About Us pages: the capacity figures, the
 * certificates' names and how many countries the company exports to, with a link to the
 * Infrastructure page. Nothing when the owner has given none of these.
 */
export function CapabilityStrip({ className }: { className?: string }) {
  const { capability } = useContent();
  const texts = useTexts().proof;
  const lang = useLanguage();
  const figures = capacityFigures(capability.capacity, texts);
  const certificates = [...new Set(capability.certificates.map((certificate) => certificate.name))];
  const markets = capability.markets.length;
  const items = [
    ...figures.map((figure) => ({ key: figure.label, label: figure.label, value: figure.value })),
    ...(certificates.length > 0
      ? [
          {
            key: 'certificates',
            label: certificates.length === 1 ? texts.certified : texts.certificates,
            value: certificates.join(', '),
          },
        ]
      : []),
    ...(markets > 0
      ? [{ key: 'markets', label: texts.exportMarkets, value: plural(lang, markets, texts.countries) }]
      : []),
  ];
  if (items.length === 0) return null;
  return (
    <section
      className={`section section--tight proof-strip${className ? ` ${className}` : ''}`}
      aria-labelledby="proof-strip-title"
    >
      <div className="container">
        <h2 id="proof-strip-title" className="visually-hidden">
          {texts.plantAndQuality}
        </h2>
        <dl className="proof-strip__figures">
          {items.map((item) => (
            <div key={item.key} className={item.key === 'certificates' ? 'proof-strip__names' : undefined}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
        <p className="proof-strip__more">
          <Link to={INFRASTRUCTURE_PATH}>
            {texts.seePlant} <Icon name="arrow" />
          </Link>
        </p>
      </div>
    </section>
  );
}
