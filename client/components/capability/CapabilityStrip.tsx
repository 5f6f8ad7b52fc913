import { Link } from 'react-router-dom';
import { capacityFigures } from '../../../shared/capability/records.js';
import { INFRASTRUCTURE_PATH } from '../../../shared/routes.js';
import { useContent } from '../../context/site-context.js';
import { Icon } from '../Icon.js';

/**
 * A short strip of the plant's proof on the home and About Us pages: the capacity figures, the
 * certificates' names and how many countries the company exports to, with a link to the
 * Infrastructure page. Nothing when the owner has given none of these.
 */
export function CapabilityStrip({ className }: { className?: string }) {
  const { capability } = useContent();
  const figures = capacityFigures(capability.capacity);
  const certificates = [...new Set(capability.certificates.map((certificate) => certificate.name))];
  const markets = capability.markets.length;
  const items = [
    ...figures.map((figure) => ({ key: figure.label, label: figure.label, value: figure.value })),
    ...(certificates.length > 0
      ? [
          {
            key: 'certificates',
            label: certificates.length === 1 ? 'Certified' : 'Certificates',
            value: certificates.join(', '),
          },
        ]
      : []),
    ...(markets > 0
      ? [{ key: 'markets', label: 'Export markets', value: `${markets} ${markets === 1 ? 'country' : 'countries'}` }]
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
          Our plant and quality
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
            See our plant and quality <Icon name="arrow" />
          </Link>
        </p>
      </div>
    </section>
  );
}
