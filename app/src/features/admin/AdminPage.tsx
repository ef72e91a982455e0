import { Box, Container, Flex, Heading } from '@radix-ui/themes';
import { ArchiveIcon, BarChartIcon, FileTextIcon, ResetIcon, CalendarIcon, ChatBubbleIcon, CubeIcon, EnvelopeClosedIcon, GearIcon, LayersIcon, Link2Icon, PersonIcon, TokensIcon } from '@radix-ui/react-icons';
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
import { AuditNavItem } from './audit/AuditNavItem';
import { AuditView } from './audit/AuditView';
import { ApiKeysNavItem } from './apikeys/ApiKeysNavItem';
import { ApiKeysView } from './apikeys/ApiKeysView';
import { OverviewView } from './overview/OverviewView';
import { OrderPage } from './orders/OrderPage';
import { OrdersView } from './orders/OrdersView';
import { ProductFormPage } from './products/ProductFormPage';
import { ProductListView } from './products/ProductListView';
import { PromotionsView } from './promotions/PromotionsView';
import { QuoteEditorPage } from './quotes/QuoteEditorPage';
import { QuotesView } from './quotes/QuotesView';
import { canQuote } from './quotes/editorModel';
import { ReturnPage } from './returns/ReturnPage';
import { ReturnsView } from './returns/ReturnsView';
import { NavCount } from './NavCount';
import { SettingsPage } from './settings/SettingsPage';
import { inSettings } from './settings/sections';
import { useAdminLive } from './useAdminLive';
import { useAuth } from '../../auth/AuthContext';
import './admin.css';

const VIEWS = [
  { key: 'overview', to: '/admin/overview', icon: BarChartIcon, match: (p: string) => p.startsWith('/admin/overview') },
  { key: 'products', to: '/admin', icon: CubeIcon, match: (p: string) => p === '/admin' || p === '/admin/' || p.startsWith('/admin/products') },
  { key: 'categories', to: '/admin/categories', icon: LayersIcon, match: (p: string) => p.startsWith('/admin/categories') },
  { key: 'promotions', to: '/admin/promotions', icon: TokensIcon, match: (p: string) => p.startsWith('/admin/promotions') },
  { key: 'bookings', to: '/admin/bookings', icon: CalendarIcon, match: (p: string) => p.startsWith('/admin/bookings') },
  { key: 'orders', to: '/admin/orders', icon: ArchiveIcon, match: (p: string) => p.startsWith('/admin/orders') },
  { key: 'returns', to: '/admin/returns', icon: ResetIcon, match: (p: string) => p.startsWith('/admin/returns') },
  // Only the roles with the returns-and-quotes permission see the quotes (the server checks each route).
  { key: 'quotes', to: '/admin/quotes', icon: FileTextIcon, match: (p: string) => p.startsWith('/admin/quotes'), allowed: canQuote },
  { key: 'contact', to: '/admin/contact-requests', icon: ChatBubbleIcon, match: (p: string) => p.startsWith('/admin/contact-requests') },
  { key: 'customers', to: '/admin/customers', icon: PersonIcon, match: (p: string) => p.startsWith('/admin/customers') },
  { key: 'emails', to: '/admin/emails', icon: EnvelopeClosedIcon, match: (p: string) => p.startsWith('/admin/emails') },
  { key: 'webhooks', to: '/admin/webhooks', icon: Link2Icon, match: (p: string) => p.startsWith('/admin/webhooks') },
  // Shipping is a section of the settings area (its sub-navigation), not a view of its own.
  { key: 'settings', to: '/admin/settings', icon: GearIcon, match: (p: string) => inSettings(p) },
] as const;

/** Side navigation (a row of tabs on phones) for the views; each view has its own path. */
function AdminNav() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const { user } = useAuth();
  const views = VIEWS.filter((v) => !('allowed' in v) || v.allowed(user));
  return (
    <nav aria-label={t('nav.label')} className="admin-nav">
      <ul className="plain-list">
        {views.map(({ key, to, icon: Icon, match }) => (
          <li key={key}>
            <Link to={to} className="admin-nav-link" aria-current={match(pathname) ? 'page' : undefined}>
              <Icon aria-hidden="true" />
              {t(`nav.${key}`)}
              <NavCount view={key} />
            </Link>
          </li>
        ))}
        <AuditNavItem />
        <ApiKeysNavItem />
      </ul>
    </nav>
  );
}

/** The admin dashboard at /admin/* (lazily loaded; the route's guard admits admins only). */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  useAdminLive();
  // The tooltips' provider: the app's Theme has none in the build (scripts/theme-without-tooltip.ts).
  return (
    <Tooltip.Provider delayDuration={200}>
      <Container size="4" className="admin-container" px={{ initial: '3', sm: '5' }} py={{ initial: '4', sm: '6' }}>
        <Heading as="h1" size="7" mb="4">
          {t('title')}
        </Heading>
        <Flex direction={{ initial: 'column', md: 'row' }} gap={{ initial: '4', md: '6' }}>
          <AdminNav />
          <Box flexGrow="1" minWidth="0">
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
          </Box>
        </Flex>
      </Container>
    </Tooltip.Provider>
  );
}
