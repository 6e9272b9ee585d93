import { lazy, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { LoadWhenOpened } from '@/components/LoadWhenOpened';
import { buttonClass } from '@/components/ui/buttonClass';
import { MenuIcon } from '@/components/ui/icons';
import { AccountMenu } from '@/features/accounts/components/AccountMenu';
import { CartLink } from '@/features/cart/components/CartLink';
import { CurrencySelect } from '@/features/currency/components/CurrencySelect';
import { SearchField } from '@/features/gallery/components/SearchField';
import { MAIN_LINKS } from './navigation';
import './layout.css';

// Only narrow screens open the drawer (a modal): it is loaded then.
const NavDrawer = lazy(() =>
  import('./NavDrawer').then((module) => ({ default: module.NavDrawer })),
);

const navLinkClass = buttonClass({ color: 'inherit' });

export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    // A sticky bar (layout.css); index.html draws the same markup until the script has run.
    <header className="app-header">
      <div className="app-header__toolbar">
        <button
          type="button"
          className="icon-button app-header__menu"
          aria-label="Open navigation"
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <RouterLink to="/" className="app-header__brand">
          Artshop
        </RouterLink>
        <nav aria-label="Main" className="app-header__nav">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <SearchField />
        <div className="app-header__spacer" />
        <CurrencySelect />
        <CartLink />
        <AccountMenu />
      </div>
      <LoadWhenOpened open={drawerOpen}>
        <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      </LoadWhenOpened>
    </header>
  );
}
