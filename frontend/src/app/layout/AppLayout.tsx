import Box from '@mui/material/Box';
import { Outlet, useNavigation } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { AppSnackbar } from '@/components/snackbar/AppSnackbar';
import { CookieConsentBanner } from '@/features/legal/components/CookieConsentBanner';
import { CookieSettingsDialog } from '@/features/legal/components/CookieSettingsDialog';
import { MAIN_CONTENT_ID } from '@/lib/browser/focus';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteAnnouncer } from './RouteAnnouncer';
import { SkipLink } from './SkipLink';
import {
  useLogoutRedirect,
  useReloadOnNewerBuild,
  useScrollOnNavigation,
} from './useNavigationEffects';

export function AppLayout() {
  useScrollOnNavigation();
  useLogoutRedirect();
  useReloadOnNewerBuild();
  const navigation = useNavigation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      {navigation.state === 'loading' && <DelayedProgress label="Loading page" />}
      <Header />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, outline: 'none' }}
      >
        <Outlet />
      </Box>
      <Footer />
      <CookieConsentBanner />
      <CookieSettingsDialog />
      <RouteAnnouncer />
      <AppSnackbar />
    </Box>
  );
}
