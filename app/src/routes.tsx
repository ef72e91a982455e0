import { lazy, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, Navigate, useLocation, type Params, type RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from './auth/guards';
import { ErrorPage } from './components/ErrorPage';
import { Layout } from './layout/Layout';
import HomePage from './features/catalog/HomePage';
import { categoriesQuery, productListQuery, productQuery } from './features/catalog/api';
import { initialHomeFilters } from './features/catalog/homeState';
import { lazyWithPreload } from './lib/lazyWithPreload';
import { splitLanguage } from './i18n/urlLanguage';

// Preloadable: opened directly, a product page loads its code beside the product (prefetch below).
const ProductPage = lazyWithPreload(() => import('./features/catalog/ProductPage'));
const CheckoutPage = lazy(() => import('./features/checkout/CheckoutPage'));
const LoginPage = lazy(() => import('./features/account/LoginPage'));
const RegisterPage = lazy(() => import('./features/account/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./features/account/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./features/account/ResetPasswordPage'));
const ProfilePage = lazy(() => import('./features/account/ProfilePage'));
const MyOrdersPage = lazy(() => import('./features/orders/MyOrdersPage'));
const InvoicePage = lazy(() => import('./features/orders/InvoicePage'));
const ContactPage = lazy(() => import('./features/contact/ContactPage'));
const ShippingPage = lazy(() => import('./features/info/ShippingPage'));
const ReturnsPage = lazy(() => import('./features/info/ReturnsPage'));
const WarrantyPage = lazy(() => import('./features/info/WarrantyPage'));
const FaqPage = lazy(() => import('./features/info/FaqPage'));
const LegalPage = lazy(() => import('./features/info/LegalPage'));
// The admin area is its own chunk; only admins ever load it.
const AdminPage = lazy(() => import('./features/admin/AdminPage'));

function ProductsAlias() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/', search }} replace />;
}

/** What a route's prefetch is given: the URL's parameters and query, and the query cache. */
interface PrefetchArgs {
  params: Params;
  search: string;
  client: QueryClient;
}

/**
 * A screen of the shop: its path, what it renders and, when it has one, the data its first
 * render needs. The prefetch starts that data (and the screen's code) at start-up, beside the
 * app's own code; the promise is what the first render waits for.
 */
interface ShopRoute {
  path: string;
  element: ReactNode;
  prefetch?: (args: PrefetchArgs) => Promise<unknown>;
}

/** Every screen of the shop, once: App renders it, main.tsx prefetches from it. */
const SHOP_ROUTES: ShopRoute[] = [
  {
    path: '/',
    element: <HomePage />,
    // The categories are not waited for: the first screen shows them as they come.
    prefetch: ({ search, client }) => {
      void client.prefetchQuery(categoriesQuery());
      return client.prefetchQuery(productListQuery(initialHomeFilters(search)));
    },
  },
  { path: '/products', element: <ProductsAlias /> },
  {
    path: '/products/:productId',
    element: <ProductPage />,
    // A chunk that fails to load shows as the route's error when it renders.
    prefetch: ({ params, client }) =>
      Promise.all([client.prefetchQuery(productQuery(params.productId ?? '')), ProductPage.preload().catch(() => undefined)]),
  },
  { path: '/checkout', element: <RequireAuth><CheckoutPage /></RequireAuth> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/profile', element: <RequireAuth><ProfilePage /></RequireAuth> },
  { path: '/account/orders', element: <RequireAuth><MyOrdersPage /></RequireAuth> },
  { path: '/account/orders/:orderId/invoice', element: <RequireAuth><InvoicePage /></RequireAuth> },
  { path: '/admin/*', element: <RequireAdmin><AdminPage /></RequireAdmin> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/shipping', element: <ShippingPage /> },
  { path: '/returns', element: <ReturnsPage /> },
  { path: '/warranty', element: <WarrantyPage /> },
  { path: '/faq', element: <FaqPage /> },
  { path: '/privacy', element: <LegalPage page="privacy" /> },
  { path: '/terms', element: <LegalPage page="terms" /> },
  { path: '/cookies', element: <LegalPage page="cookies" /> },
  { path: '*', element: <ErrorPage notFound /> },
];

/** The table as React Router's routes: every screen inside the layout (header, footer). */
export const APP_ROUTES: RouteObject[] = [
  { element: <Layout />, children: SHOP_ROUTES.map(({ path, element }) => ({ path, element })) },
];

/** Starts the data of the screen at this address (any language; the router's own matching); resolves when it is in. */
export function prefetchRoute(client: QueryClient, { pathname, search }: { pathname: string; search: string }): Promise<unknown> {
  const match = matchRoutes(SHOP_ROUTES, splitLanguage(pathname).path)?.at(-1);
  return match?.route.prefetch?.({ params: match.params, search, client }) ?? Promise.resolve();
}
