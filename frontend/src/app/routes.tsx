import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { DelayedProgress } from '@/components/DelayedProgress';
import { AccessGate } from './access/AccessGate';
import { AppLayout } from './layout/AppLayout';
import { RouteErrorBoundary } from './layout/RouteErrorBoundary';
import { ERROR_PATH, NOT_LOGGED_IN_PATH } from './paths';

/** Each page is its own chunk, loaded when its route is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** Every screen of SPEC.md section 2, with its access check. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: DelayedProgress,
    children: [
      {
        element: <AccessGate check="homepage" />,
        children: [
          { index: true, lazy: page(() => import('@/features/home/components/HomePage')) },
        ],
      },
      {
        element: <AccessGate check="already-auth" />,
        children: [
          { path: 'login', lazy: page(() => import('@/features/accounts/components/LoginPage')) },
          {
            path: 'sign-up',
            lazy: page(() => import('@/features/accounts/components/SignUpPage')),
          },
          {
            path: 'forgot-password',
            lazy: page(() => import('@/features/accounts/components/ForgotPasswordPage')),
          },
          {
            path: 'reset-password',
            lazy: page(() => import('@/features/accounts/components/ResetPasswordPage')),
          },
        ],
      },
      {
        element: <AccessGate check="auth" />,
        children: [
          {
            path: 'account-settings',
            lazy: page(() => import('@/features/accounts/components/AccountSettingsPage')),
          },
          {
            path: 'artworks',
            lazy: page(() => import('@/features/artworks/components/ArtworksPage')),
          },
          {
            path: 'billing-information',
            lazy: page(() => import('@/features/accounts/components/BillingInformationPage')),
          },
          { path: 'cart', lazy: page(() => import('@/features/cart/components/CartPage')) },
          {
            path: 'order-history',
            lazy: page(() => import('@/features/orders/components/OrderHistoryPage')),
          },
          // SPEC.md shows no rule for /balance; a balance only exists for a signed-in customer.
          {
            path: 'balance',
            lazy: page(() => import('@/features/balance/components/BalancePage')),
          },
        ],
      },
      { path: 'contact', lazy: page(() => import('@/features/contact/components/ContactPage')) },
      { path: 'generate', lazy: page(() => import('@/features/generate/components/GeneratePage')) },
      { path: 'gallery', lazy: page(() => import('@/features/gallery/components/GalleryPage')) },
      {
        path: 'gallery/:categoryName',
        lazy: page(() => import('@/features/gallery/components/GalleryPage')),
      },
      {
        path: 'gallery/picture/:urlName',
        lazy: page(() => import('@/features/gallery/components/PicturePage')),
      },
      {
        path: 'privacy-policy',
        lazy: page(() => import('@/features/legal/components/PrivacyPolicyPage')),
      },
      {
        path: 'terms-and-conditions',
        lazy: page(() => import('@/features/legal/components/TermsPage')),
      },
      {
        path: NOT_LOGGED_IN_PATH.slice(1),
        lazy: page(() => import('@/features/accounts/components/NotLoggedInPage')),
      },
      { path: ERROR_PATH.slice(1), lazy: page(() => import('@/components/status/ErrorPage')) },
      { path: '*', lazy: page(() => import('@/components/status/NotFoundPage')) },
    ],
  },
];
