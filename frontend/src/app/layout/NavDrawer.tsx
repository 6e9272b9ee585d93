import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router';
import { LEGAL_LINKS, MAIN_LINKS } from './navigation';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The header's links on narrow screens. */
export function NavDrawer({ open, onClose }: NavDrawerProps) {
  const item = (link: { to: string; label: string }) => (
    <ListItemButton key={link.to} component={NavLink} to={link.to} onClick={onClose}>
      <ListItemText primary={link.label} />
    </ListItemButton>
  );
  return (
    <Drawer anchor="left" open={open} onClose={onClose} sx={{ display: { md: 'none' } }}>
      <nav aria-label="Mobile">
        <List sx={{ width: 260 }}>
          {item({ to: '/', label: 'Home' })}
          {MAIN_LINKS.map(item)}
          <Divider sx={{ my: 1 }} />
          {LEGAL_LINKS.map(item)}
        </List>
      </nav>
    </Drawer>
  );
}
