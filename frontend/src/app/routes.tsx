import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
// The home page, the gallery and the picture page, where most visits start, are part of the first
// script: loaded later, each would be one more round trip before its first screen. Their first
// screens are small, so the first script grows by under 5 kB gzip for them (their dialogs load
// when they open). Every other page is its own chunk, loaded when its route is first visited.
import HomePage from '@/features/home/components/HomePage';
import GalleryPage from '@/features/gallery/components/GalleryPage';
import PicturePage from '@/features/gallery/components/PicturePage';
import { AccessGate } from './access/AccessGate';
import { AppLayout } from './layout/AppLayout';
import { RouteErrorBoundary } from './layout/RouteErrorBoundary';
import { ERROR_PATH, NOT_LOGGED_IN_PATH } from './paths';

const LoginPage = lazy(() => import('@/features/accounts/components/LoginPage'));
const SignUpPage = lazy(() => import('@/features/accounts/components/SignUpPage'));
const ForgotPasswordPage = lazy(() => import('@/features/accounts/components/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('@/features/accounts/components/ResetPasswordPage'));
const AccountSettingsPage = lazy(
  () => import('@/features/accounts/components/AccountSettingsPage'),
);
const ArtworksPage = lazy(() => import('@/features/artworks/components/ArtworksPage'));
const BillingInformationPage = lazy(
  () => import('@/features/accounts/components/BillingInformationPage'),
);
const CartPage = lazy(() => import('@/features/cart/components/CartPage'));
const OrderHistoryPage = lazy(() => import('@/features/orders/components/OrderHistoryPage'));
const BalancePage = lazy(() => import('@/features/balance/components/BalancePage'));
const ContactPage = lazy(() => import('@/features/contact/components/ContactPage'));
const SupportRequestsPage = lazy(
  () => import('@/features/support-requests/components/SupportRequestsPage'),
);
const SupportRequestPage = lazy(
  () => import('@/features/support-requests/components/SupportRequestPage'),
);
const VisitorTicketPage = lazy(() =>
  import('@/features/support-requests/components/SupportRequestPage').then((module) => ({
    default: module.VisitorTicketPage,
  })),
);
const GeneratePage = lazy(() => import('@/features/generate/components/GeneratePage'));
const PrivacyPolicyPage = lazy(() => import('@/features/legal/components/PrivacyPolicyPage'));
const TermsPage = lazy(() => import('@/features/legal/components/TermsPage'));
const NotLoggedInPage = lazy(() => import('@/features/accounts/components/NotLoggedInPage'));
const ErrorPage = lazy(() => import('@/components/status/ErrorPage'));
const NotFoundPage = lazy(() => import('@/components/status/NotFoundPage'));
// The back office: its own chunks (admin-*.js), loaded only under /admin, which
// scripts/bundle-size.mjs checks are none of the shop's first script.
const AdminApp = lazy(() => import('@/admin/AdminApp'));

/**
 * Every screen of SPEC.md section 2, with its access check, and the back office under /admin. The layout shows as soon as the first
 * script has run, and the pages load inside it (AppLayout).
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<DelayedProgress />}>
      <Routes>
        <Route
          path="admin/*"
          element={
            <RouteErrorBoundary>
              <AdminApp />
            </RouteErrorBoundary>
          }
        />
        <Route
          path="/"
          element={
            <RouteErrorBoundary>
              <AppLayout />
            </RouteErrorBoundary>
          }
        >
          <Route element={<AccessGate check="homepage" />}>
            <Route index element={<HomePage />} />
          </Route>
          <Route element={<AccessGate check="already-auth" />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="sign-up" element={<SignUpPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
          </Route>
          <Route element={<AccessGate check="auth" />}>
            <Route path="account-settings" element={<AccountSettingsPage />} />
            <Route path="artworks" element={<ArtworksPage />} />
            <Route path="billing-information" element={<BillingInformationPage />} />
            <Route path="cart" element={<CartPage />} />
            <Route path="order-history" element={<OrderHistoryPage />} />
            {/* SPEC.md shows no rule for /balance; a balance only exists for a signed-in customer. */}
            <Route path="balance" element={<BalancePage />} />
            <Route path="support-requests" element={<SupportRequestsPage />} />
            <Route path="support-requests/:id" element={<SupportRequestPage />} />
          </Route>
          <Route path="contact" element={<ContactPage />} />
          {/* A visitor's request, from the signed link of a reply mail: no sign-in. */}
          <Route path="support/tickets/:id" element={<VisitorTicketPage />} />
          <Route path="generate" element={<GeneratePage />} />
          <Route path="gallery" element={<GalleryPage />} />
          <Route path="gallery/:categoryName" element={<GalleryPage />} />
          <Route path="gallery/picture/:urlName" element={<PicturePage />} />
          <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="terms-and-conditions" element={<TermsPage />} />
          <Route path={NOT_LOGGED_IN_PATH.slice(1)} element={<NotLoggedInPage />} />
          <Route path={ERROR_PATH.slice(1)} element={<ErrorPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
