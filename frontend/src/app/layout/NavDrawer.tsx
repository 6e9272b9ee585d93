import { NavLink } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';
import { LEGAL_LINKS, MAIN_LINKS } from './navigation';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The header's links on narrow screens, in a sheet from the left edge. */
export function NavDrawer({ open, onClose }: NavDrawerProps) {
  const item = (link: { to: string; label: string }) => (
    <li key={link.to}>
      <NavLink to={link.to} onClick={onClose} className="nav-drawer__link">
        {link.label}
      </NavLink>
    </li>
  );
  return (
    <Dialog open={open} onClose={onClose} title="Navigation" titleHidden variant="sheet">
      <nav aria-label="Mobile">
        <ul className="plain-list nav-drawer__list">
          {item({ to: '/', label: 'Home' })}
          {MAIN_LINKS.map(item)}
        </ul>
        <hr className="nav-drawer__divider" />
        <ul className="plain-list nav-drawer__list">{LEGAL_LINKS.map(item)}</ul>
      </nav>
    </Dialog>
  );
}
