import { useLayoutEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { Outlet, Route, Routes } from 'react-router';
import { RouteAnnouncer } from '@/app/layout/RouteAnnouncer';
import { SkipLink } from '@/app/layout/SkipLink';
import { StatusView } from '@/components/status/StatusView';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { removeFirstScreen } from '@/lib/browser/firstScreen';
import { AdminFrame } from './app/AdminFrame';
import { RequireStaff } from './app/StaffLayout';
import { setupAdminStore } from './app/store';
import AuditPage from './features/audit/AuditPage';
import NewOfferPage from './features/catalogue/NewOfferPage';
import OfferPage from './features/catalogue/OfferPage';
import OffersPage from './features/catalogue/OffersPage';
import CustomerPage from './features/customers/CustomerPage';
import CustomersPage from './features/customers/CustomersPage';
import DashboardPage from './features/dashboard/DashboardPage';
import GiftCardsPage from './features/gift-cards/GiftCardsPage';
import AdminHomePage from './features/home/AdminHomePage';
import OrderPage from './features/orders/OrderPage';
import OrdersPage from './features/orders/OrdersPage';
import SetupPage from './features/setup/SetupPage';
import SignInPage from './features/sign-in/SignInPage';
import StaffPage from './features/staff/StaffPage';
import TicketPage from './features/tickets/TicketPage';
import TicketsPage from './features/tickets/TicketsPage';
import { ADMIN_HOME_PATH } from './paths';

/**
 * The back office, under /admin: a chunk of its own that only this route loads (a shopper never
 * downloads it), with its own store, so that its API slice and staff token never meet the shop's.
 */
export default function AdminApp() {
  const [store] = useState(setupAdminStore);
  // The header index.html drew is the shop's; the back office draws its own.
  useLayoutEffect(removeFirstScreen, []);
  return (
    <Provider store={store}>
      {/* Outside the frames: signing in changes the frame, and that is still a change of page. */}
      <SkipLink />
      <Routes>
        <Route
          element={
            <AdminFrame>
              <Outlet />
            </AdminFrame>
          }
        >
          <Route path="sign-in" element={<SignInPage />} />
          <Route path="setup/:token" element={<SetupPage />} />
        </Route>
        <Route element={<RequireStaff />}>
          <Route index element={<AdminHomePage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/:id" element={<OrderPage />} />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="customers/:id" element={<CustomerPage />} />
          <Route path="gift-cards" element={<GiftCardsPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="tickets" element={<TicketsPage />} />
          <Route path="tickets/:id" element={<TicketPage />} />
          <Route path="offers" element={<OffersPage />} />
          <Route path="offers/new" element={<NewOfferPage />} />
          <Route path="offers/:id" element={<OfferPage />} />
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
      <RouteAnnouncer />
    </Provider>
  );
}

function AdminNotFound() {
  return (
    <StatusView
      code="404"
      title="Page not found"
      message="This back-office page does not exist."
      showHomeLink={false}
      action={
        <ButtonLink to={ADMIN_HOME_PATH} variant="contained">
          Back-office home
        </ButtonLink>
      }
    />
  );
}
