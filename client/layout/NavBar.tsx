import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useCompany, useTexts } from '../context/site-context.js';
import { Icon } from '../components/Icon.js';
import { Photo } from '../components/Photo.js';
import logoUrl from '../images/logo.svg';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { ProductsMenu } from './ProductsMenu.js';
import { INFRASTRUCTURE_PATH } from '../../shared/routes.js';

/** A company name longer than this is set smaller on a phone (it still takes at most two lines). */
const LONG_NAME = 32;

export function NavBar() {
  const { name, shortName, logo } = useCompany();
  const { nav } = useTexts();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setMenuOpen(false);
  const header = useRef<HTMLElement>(null);

  // What the browser scrolls to stays clear of the header at its real height (site.css, scroll-padding-top).
  useEffect(() => {
    const element = header.current!;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--header-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);

  // Another page (a link, Back or Forward) closes the menu, in the same render.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  return (
    <header className="site-header" ref={header}>
      <nav className="container nav" aria-label={nav.main}>
        <Link to="/" className="brand" onClick={close}>
          {/* The name beside it says what the link is: the logo is decoration here. */}
          {logo ? (
            <Photo
              photo={{ ...logo, alt: '' }}
              className="brand__logo"
              sizes={`${Math.ceil((40 * logo.width) / logo.height)}px`}
              load="eager"
              placeholder={false}
            />
          ) : (
            <img src={logoUrl} alt="" width="40" height="40" />
          )}
          {shortName ? (
            <>
              <span className="brand__name brand__name--full">{name}</span>
              <span className="brand__name brand__name--short">{shortName}</span>
            </>
          ) : (
            <span className={`brand__name${name.length > LONG_NAME ? ' brand__name--long' : ''}`}>{name}</span>
          )}
        </Link>
        {/* A link so that, without JavaScript, it opens the menu through :target; scripts make it a toggle. */}
        <a
          href="#primary-menu"
          role="button"
          className="nav__toggle"
          aria-expanded={menuOpen}
          aria-controls="primary-menu"
          onClick={(event) => {
            event.preventDefault();
            setMenuOpen((open) => !open);
          }}
          onKeyDown={(event) => {
            if (event.key === ' ') {
              event.preventDefault();
              setMenuOpen((open) => !open);
            }
            if (event.key === 'Escape') close();
          }}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
          <span className="visually-hidden">{nav.menu}</span>
        </a>
        <ul
          id="primary-menu"
          className="nav__menu"
          data-open={menuOpen}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && menuOpen) {
              close();
              document.querySelector<HTMLElement>('.nav__toggle')?.focus();
            }
          }}
        >
          <li className="nav__item">
            <NavLink to="/" end className="nav__link" onClick={close}>
              {nav.home}
            </NavLink>
          </li>
          <li className="nav__item">
            <NavLink to="/about" className="nav__link" onClick={close}>
              {nav.about}
            </NavLink>
          </li>
          <li className="nav__item">
            <NavLink to={INFRASTRUCTURE_PATH} className="nav__link" onClick={close}>
              {nav.infrastructure}
            </NavLink>
          </li>
          <ProductsMenu onNavigate={close} />
          <li className="nav__item">
            <NavLink to="/contact" className="nav__link" onClick={close}>
              {nav.contact}
            </NavLink>
          </li>
          <LanguageSwitcher />
        </ul>
      </nav>
    </header>
  );
}
