import Box from '@mui/material/Box';
import { Outlet, useNavigation } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { AppSnackbar } from '@/components/snackbar/AppSnackbar';
import { CookieConsentBanner } from '@/features/legal/components/CookieConsentBanner';
import { Footer } from './Footer';
import { Header } from './Header';
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
      {navigation.state === 'loading' && <DelayedProgress label="Loading page" />}
      <Header />
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <Footer />
      <CookieConsentBanner />
      <AppSnackbar />
    </Box>
  );
}
