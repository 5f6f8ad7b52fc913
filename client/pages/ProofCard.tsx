import type { ReactNode } from 'react';
import type { Photo as PhotoValue } from '../../shared/content/photo.js';
import { ON_A_PHONE, Photo } from '../components/Photo.js';

/** A card's photo: one column on a phone, two or three beside each other wider. */
const CARD_SIZES = '(min-width: 72rem) 22rem, (min-width: 35.25rem) 45vw, 100vw';

/** Terms and their values, those with a value only. */
export function Facts({ facts }: { facts: [label: string, value: string][] }) {
  const given = facts.filter(([, value]) => value.trim() !== '');
  if (given.length === 0) return null;
  return (
    <dl className="proof-card__facts">
      {given.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One card of the Infrastructure page's grids (a machine, a certificate, a case study): its photo, title and facts. */
export function ProofCard({
  title,
  photo,
  document,
  children,
}: {
  title: string;
  photo: PhotoValue | null;
  /** A photo of a document (a certificate): shown whole, not cropped. */
  document?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="card proof-card">
      {photo && (
        <Photo
          photo={photo}
          sizes={CARD_SIZES}
          narrow={ON_A_PHONE}
          className={document ? 'proof-card__photo proof-card__photo--document' : 'proof-card__photo'}
        />
      )}
      <div className="proof-card__body">
        <h3>{title}</h3>
        {children}
      </div>
    </li>
  );
}
