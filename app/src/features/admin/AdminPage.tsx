import type { ReactNode } from 'react';
import { Box, Container, Flex, Heading } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Tooltip } from 'radix-ui';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { BookingsView } from './bookings/BookingsView';
import { CategoriesView } from './categories/CategoriesView';
import { ContactRequestsView } from './contact/ContactRequestsView';
import { ProductImportView } from './import/ProductImportView';
import { CustomersView } from './customers/CustomersView';
import { EmailsView } from './emails/EmailsView';
import { WebhooksView } from './webhooks/WebhooksView';
import { AuditView } from './audit/AuditView';
import { ApiKeysView } from './apikeys/ApiKeysView';
import { OverviewView } from './overview/OverviewView';
import { OrderPage } from './orders/OrderPage';
import { OrdersView } from './orders/OrdersView';
import { ProductFormPage } from './products/ProductFormPage';
import { ProductListView } from './products/ProductListView';
import { PromotionsView } from './promotions/PromotionsView';
import { QuoteEditorPage } from './quotes/QuoteEditorPage';
import { QuotesView } from './quotes/QuotesView';
import { ReturnPage } from './returns/ReturnPage';
import { ReturnsView } from './returns/ReturnsView';
import { NavCount } from './NavCount';
import { SettingsPage } from './settings/SettingsPage';
import { NoAccess } from './NoAccess';
import { mayOpen, startScreen, visibleScreens, type VisibleScreen } from './screens';
import { useAdminLive } from './useAdminLive';
import { useAuth } from '../../auth/AuthContext';
import './admin.css';

/** Side navigation (a row of tabs on phones) for the screens the role may open; each has its own path. */
function AdminNav({ screens }: { screens: VisibleScreen[] }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.label')} className="admin-nav">
      <ul className="plain-list">
        {screens.map(({ key, to, icon: Icon, current }) => (
          <li key={key}>
            <Link to={to} className="admin-nav-link" aria-current={current(pathname) ? 'page' : undefined}>
              <Icon aria-hidden="true" />
              {t(`nav.${key}`)}
              <NavCount view={key} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The screen at the address when the role may open it (screens.ts); /admin itself goes to the
 * role's start screen, any other screen it lacks shows the no-access page.
 */
function Allowed({ screens, children }: { screens: VisibleScreen[]; children: ReactNode }) {
  const { can, status } = useAuth();
  const { pathname } = useLocation();
  // Until the user (and so the permissions) is in: the route's guard shows its spinner meanwhile.
  if (status === 'loading') return null;
  if (mayOpen(pathname, can)) return <>{children}</>;
  const start = startScreen(screens);
  if ((pathname === '/admin' || pathname === '/admin/') && start) return <Navigate to={start.to} replace />;
  return <NoAccess start={start} />;
}

/** The admin dashboard at /admin/* (lazily loaded; the route's guard admits staff only, each role sees its screens). */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  const { can } = useAuth();
  const screens = visibleScreens(can);
  useAdminLive();
  // The tooltips' provider: the app's Theme has none in the build (scripts/theme-without-tooltip.ts).
  return (
    <Tooltip.Provider delayDuration={200}>
      <Container size="4" className="admin-container" px={{ initial: '3', sm: '5' }} py={{ initial: '4', sm: '6' }}>
        <Heading as="h1" size="7" mb="4">
          {t('title')}
        </Heading>
        <Flex direction={{ initial: 'column', md: 'row' }} gap={{ initial: '4', md: '6' }}>
          <AdminNav screens={screens} />
          <Box flexGrow="1" minWidth="0">
            <Allowed screens={screens}>
              <Routes>
                <Route index element={<ProductListView />} />
                <Route path="products" element={<Navigate to="/admin" replace />} />
                <Route path="products/new" element={<ProductFormPage />} />
                <Route path="products/import" element={<ProductImportView />} />
                <Route path="products/:productId/edit" element={<ProductFormPage />} />
                <Route path="categories" element={<CategoriesView />} />
                <Route path="promotions" element={<PromotionsView />} />
                <Route path="bookings" element={<BookingsView />} />
                <Route path="orders" element={<OrdersView />} />
                <Route path="orders/:orderId" element={<OrderPage />} />
                <Route path="returns" element={<ReturnsView />} />
                <Route path="returns/:returnId" element={<ReturnPage />} />
                <Route path="quotes" element={<QuotesView />} />
                <Route path="quotes/:quoteId" element={<QuoteEditorPage />} />
                <Route path="contact-requests" element={<ContactRequestsView />} />
                <Route path="overview" element={<OverviewView />} />
                <Route path="customers" element={<CustomersView />} />
                <Route path="emails" element={<EmailsView />} />
                <Route path="webhooks" element={<WebhooksView />} />
                <Route path="audit" element={<AuditView />} />
                <Route path="api-keys" element={<ApiKeysView />} />
                <Route path="settings/*" element={<SettingsPage />} />
                <Route path="pages/*" element={<SettingsPage section="pages" />} />
                <Route path="*" element={<Navigate to="/admin" replace />} />
              </Routes>
            </Allowed>
          </Box>
        </Flex>
      </Container>
    </Tooltip.Provider>
  );
}
