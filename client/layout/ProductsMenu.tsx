import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { NavLink } from 'react-router-dom';
import { categoriesOf } from '../../shared/content/categories.js';
import { useContent, useTexts } from '../context/site-context.js';
import { Icon } from '../components/Icon.js';

/**
 * "Products" in the main navigation: the link goes to /products (all that works without JavaScript);
 * the chevron button opens the list of categories, as does hovering. Keyboard: Enter/Space toggle,
 * ArrowDown/ArrowUp open and move through the items, Escape closes and returns focus to the button.
 */
type OpenedBy = 'hover' | 'click' | null;

export function ProductsMenu({ onNavigate }: { onNavigate: () => void }) {
  const { nav } = useTexts();
  // A menu opened by hover closes when the pointer leaves; one opened by click or keyboard stays open.
  const [openedBy, setOpenedBy] = useState<OpenedBy>(null);
  const open = openedBy !== null;
  const setOpen = (value: boolean) => setOpenedBy(value ? 'click' : null);
  const menuId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.submenu a') ?? []);

  const focusItem = (index: number) => {
    if (!open) flushSync(() => setOpen(true));
    const links = items();
    links[(index + links.length) % links.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const links = items();
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    switch (event.key) {
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        buttonRef.current?.focus();
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
      case 'End':
        if (current < 0) return;
        event.preventDefault();
        focusItem(event.key === 'Home' ? 0 : -1);
        break;
    }
  };

  const close = () => {
    setOpen(false);
    onNavigate();
  };

  return (
    <li
      ref={rootRef}
      className="nav__item has-submenu"
      data-open={open}
      onMouseEnter={() => setOpenedBy((current) => current ?? 'hover')}
      onMouseLeave={() => setOpenedBy((current) => (current === 'hover' ? null : current))}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <NavLink to="/products" className="nav__link" onClick={close}>
        {nav.products}
      </NavLink>
      <button
        ref={buttonRef}
        type="button"
        className="submenu-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={nav.productCategories}
        onClick={() => setOpenedBy((current) => (current === 'click' ? null : 'click'))}
      >
        <Icon name="chevron" size={18} />
      </button>
      <ul id={menuId} className="submenu">
        {categoriesOf(useContent().products).map((category) => (
          <li key={category.slug}>
            <NavLink to={`/products/${category.slug}`} onClick={close}>
              {category.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
