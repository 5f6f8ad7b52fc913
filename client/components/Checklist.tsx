import { Icon, type IconName } from './Icon.js';

/** Short lines, each after a decorative icon (a tick for what a product is, an arrow for where it goes). */
export function Checklist({ items, icon }: { items: readonly string[]; icon: IconName }) {
  return (
    <ul className="checklist">
      {items.map((item, index) => (
        <li key={index}>
          <Icon name={icon} size={18} /> {item}
        </li>
      ))}
    </ul>
  );
}
