import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { lazy, useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { LoadWhenOpened } from '@/components/LoadWhenOpened';
import { AccountMenu } from '@/features/accounts/components/AccountMenu';
import { CartLink } from '@/features/cart/components/CartLink';
import { CurrencySelect } from '@/features/currency/components/CurrencySelect';
import { MAIN_LINKS } from './navigation';

// Only narrow screens open the drawer (a modal): it is loaded then.
const NavDrawer = lazy(() =>
  import('./NavDrawer').then((module) => ({ default: module.NavDrawer })),
);

export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    // MUI's sticky app bar and toolbar, drawn with a Box each: their components would only add to
    // the script every page loads first.
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 1,
      }}
    >
      <Box
        sx={[
          (theme) => theme.mixins.toolbar,
          {
            display: 'flex',
            alignItems: 'center',
            px: { xs: 2, sm: 3 },
            gap: { xs: 0.5, sm: 1.5 },
          },
        ]}
      >
        <IconButton
          edge="start"
          aria-label="Open navigation"
          onClick={() => setDrawerOpen(true)}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          sx={{ color: 'primary.main', textDecoration: 'none', fontWeight: 700, mr: 2 }}
        >
          Artshop
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}>
          {MAIN_LINKS.map((link) => (
            <Button
              key={link.to}
              component={NavLink}
              to={link.to}
              color="inherit"
              sx={{ '&.active': { color: 'primary.main', fontWeight: 700 } }}
            >
              {link.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <CurrencySelect />
        <CartLink />
        <AccountMenu />
      </Box>
      <LoadWhenOpened open={drawerOpen}>
        <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      </LoadWhenOpened>
    </Box>
  );
}
