import Box from '@mui/material/Box';
import { lazy } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { LoadWhenOpened } from '@/components/LoadWhenOpened';
import { selectSnackbar } from '@/components/snackbar/snackbarSlice';
import { CookieConsentBanner } from '@/features/legal/components/CookieConsentBanner';
import { MAIN_CONTENT_ID } from '@/lib/browser/focus';
import { selectConsentSettingsOpen } from '@/lib/consent/consentSlice';
import { useAppSelector } from '../hooks';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteAnnouncer } from './RouteAnnouncer';
import { SkipLink } from './SkipLink';
import {
  useLogoutRedirect,
  useReloadOnNewerBuild,
  useScrollOnNavigation,
} from './useNavigationEffects';

// A dialog and a snackbar bring MUI's modal and transitions: loaded the first time they show.
const CookieSettingsDialog = lazy(() =>
  import('@/features/legal/components/CookieSettingsDialog').then((module) => ({
    default: module.CookieSettingsDialog,
  })),
);
const AppSnackbar = lazy(() =>
  import('@/components/snackbar/AppSnackbar').then((module) => ({ default: module.AppSnackbar })),
);

export function AppLayout() {
  useScrollOnNavigation();
  useLogoutRedirect();
  useReloadOnNewerBuild();
  const navigation = useNavigation();
  const cookieSettingsOpen = useAppSelector(selectConsentSettingsOpen);
  const messageOpen = useAppSelector((state) => selectSnackbar(state).open);
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
      <LoadWhenOpened open={cookieSettingsOpen}>
        <CookieSettingsDialog />
      </LoadWhenOpened>
      <RouteAnnouncer />
      <LoadWhenOpened open={messageOpen}>
        <AppSnackbar />
      </LoadWhenOpened>
    </Box>
  );
}
