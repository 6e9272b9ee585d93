import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { LoadWhenOpened } from '@/components/LoadWhenOpened';
import { selectSnackbar } from '@/components/snackbar/snackbarSlice';
import { CookieConsentBanner } from '@/features/legal/components/CookieConsentBanner';
import { removeFirstScreen } from '@/lib/browser/firstScreen';
import { MAIN_CONTENT_ID } from '@/lib/browser/focus';
import { selectConsentSettingsOpen } from '@/lib/consent/consentSlice';
import { useNavigationPending } from '@/hooks/useNavigationPending';
import { useAppSelector } from '../hooks';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteAnnouncer } from './RouteAnnouncer';
import { PageErrorBoundary } from './RouteErrorBoundary';
import { SkipLink } from './SkipLink';
import './layout.css';
import {
  useLogoutRedirect,
  useReloadOnNewerBuild,
  useScrollOnNavigation,
} from './useNavigationEffects';

// The dialog and the snackbar are loaded the first time they show.
const CookieSettingsDialog = lazy(() =>
  import('@/features/legal/components/CookieSettingsDialog').then((module) => ({
    default: module.CookieSettingsDialog,
  })),
);
const AppSnackbar = lazy(() =>
  import('@/components/snackbar/AppSnackbar').then((module) => ({ default: module.AppSnackbar })),
);

export function AppLayout() {
  // Gone in the same frame as the layout appears, which draws the same header in its place.
  useLayoutEffect(removeFirstScreen, []);
  useLogoutRedirect();
  useReloadOnNewerBuild();
  const navigationPending = useNavigationPending();
  const cookieSettingsOpen = useAppSelector(selectConsentSettingsOpen);
  const messageOpen = useAppSelector((state) => selectSnackbar(state).open);
  return (
    <div className="app-layout">
      <SkipLink />
      {navigationPending && <DelayedProgress label="Loading page" />}
      <Header />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
        {/*
          The frame shows while the first page's code loads, its main part as tall as the window
          so that the footer does not come into view and move away again. Later pages load in a
          transition that keeps the page being left on screen (AppRouter).
        */}
        <Suspense fallback={<PageLoading />}>
          <ScrollOnNavigation />
          <PageErrorBoundary>
            <Outlet />
          </PageErrorBoundary>
        </Suspense>
      </main>
      <Footer />
      <CookieConsentBanner />
      <LoadWhenOpened open={cookieSettingsOpen}>
        <CookieSettingsDialog />
      </LoadWhenOpened>
      <RouteAnnouncer />
      <LoadWhenOpened open={messageOpen}>
        <AppSnackbar />
      </LoadWhenOpened>
    </div>
  );
}

/** Inside the page's Suspense boundary: it scrolls once the page is there, to its #anchor too. */
function ScrollOnNavigation() {
  useScrollOnNavigation();
  return null;
}

function PageLoading() {
  return (
    <>
      <DelayedProgress />
      <div className="app-main__loading" />
    </>
  );
}
