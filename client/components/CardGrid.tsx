import type { ReactNode } from 'react';

/**
 * Cards side by side, as many columns as fit (site.css .card-grid); `columns` picks the narrower
 * (four) or wider (two) columns. A list, so screen readers say how many cards there are; role="list"
 * keeps it one in Safari, which drops it from a list without bullets.
 */
export function CardGrid({ columns, children }: { columns?: 'two' | 'four'; children: ReactNode }) {
  return (
    <ul className={columns ? `card-grid card-grid--${columns}` : 'card-grid'} role="list">
      {children}
    </ul>
  );
}

/** One card of a CardGrid: its picture or icon, its title, then its text. */
export function GridCard({
  className,
  figure,
  title,
  children,
}: {
  className: string;
  figure: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className={`card card--padded ${className}`}>
      {figure}
      <h3>{title}</h3>
      {children}
    </li>
  );
}
