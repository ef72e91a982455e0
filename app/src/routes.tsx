import { lazy, type ReactNode } from 'react';
import i18n from 'i18next';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, Navigate, useLocation, type Params, type RouteObject } from 'react-router-dom';
import { RequireStaff, RequireAuth } from './auth/guards';
import { ErrorPage } from './components/ErrorPage';
import { Layout } from './layout/Layout';
import HomePage from './features/catalog/HomePage';
import { categoriesQuery, productListQuery, productQuery } from './api/catalog';
import { initialHomeFilters } from './features/catalog/homeState';
import { categoryRecordsQuery } from './features/catalog/categoryLabel';
import { pageQuery } from './api/pages';
import { lazyWithPreload } from './lib/lazyWithPreload';
import { splitLanguage } from './i18n/urlLanguage';

// Preloadable: opened directly, a product page loads its code beside the product, and an
// information page the owner keeps beside its record (prefetch below).
const ProductPage = lazyWithPreload(() => import('./features/catalog/ProductPage'));
const CheckoutPage = lazy(() => import('./features/checkout/CheckoutPage'));
const PaymentReturnPage = lazy(() => import('./features/checkout/PaymentReturnPage'));
const LoginPage = lazy(() => import('./features/account/LoginPage'));
const RegisterPage = lazy(() => import('./features/account/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./features/account/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./features/account/ResetPasswordPage'));
const ProfilePage = lazy(() => import('./features/account/ProfilePage'));
const MyOrdersPage = lazy(() => import('./features/orders/MyOrdersPage'));
const InvoicePage = lazy(() => import('./features/orders/InvoicePage'));
const QuoteRequestPage = lazy(() => import('./features/quotes/QuoteRequestPage'));
const MyQuotesPage = lazy(() => import('./features/quotes/MyQuotesPage'));
const QuotePage = lazy(() => import('./features/quotes/QuotePage'));
const QuoteDocumentPage = lazy(() => import('./features/quotes/QuoteDocumentPage'));
const ContactPage = lazyWithPreload(() => import('./features/contact/ContactPage'));
const ShippingPage = lazyWithPreload(() => import('./features/info/ShippingPage'));
const ReturnsPage = lazyWithPreload(() => import('./features/info/ReturnsPage'));
const WarrantyPage = lazyWithPreload(() => import('./features/info/WarrantyPage'));
const FaqPage = lazyWithPreload(() => import('./features/info/FaqPage'));
const LegalPage = lazyWithPreload(() => import('./features/info/LegalPage'));
const PageBySlug = lazyWithPreload(() => import('./features/pages/PageBySlug'));
// The admin area is its own chunk; only staff ever load it.
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
 * What kind of page a route is, for the server that writes its head, status and first screen
 * (routes/pages.go, through routes/firstscreen/routes.gen.json): the catalog (home, a category,
 * a search), a product, an information page (a page record by its slug, or the slug in the
 * address with `:param`; the contact page's texts in seo:pages.contact), a private
 * page kept out of search engines (its title a translation key), the not-found page, or an old
 * address that moved for good.
 */
type PageKind =
  | { kind: 'home' }
  | { kind: 'product' }
  | { kind: 'info'; page: string }
  | { kind: 'private'; title: string }
  | { kind: 'notFound' }
  | { kind: 'moved'; to: string };

/**
 * A screen of the shop: its path, what it renders, what kind of page it is and, when it has
 * one, the data its first render needs. The prefetch starts that data (and the screen's code)
 * at start-up, beside the app's own code; the promise is what the first render waits for.
 */
interface ShopRoute {
  path: string;
  element: ReactNode;
  page: PageKind;
  prefetch?: (args: PrefetchArgs) => Promise<unknown>;
  /** Translations the screen needs besides the start-up ones: loaded with them (and rendered into its first screen). */
  namespaces?: string[];
}

/**
 * An information page the owner keeps (RecordPage): its record and its code, so the app takes over
 * the server's first screen (the title and body) with the same page, not "Loading…". A slug
 * `:slug` is the address's.
 */
function recordPrefetch(screen: { preload: () => Promise<unknown> }, slug: string) {
  return ({ params, client }: PrefetchArgs) =>
    Promise.all([
      client.prefetchQuery(pageQuery(slug === ':slug' ? (params.slug ?? '') : slug)),
      screen.preload().catch(() => undefined),
    ]);
}

/** Every screen of the shop, once: App renders it, main.tsx prefetches from it. */
const SHOP_ROUTES: ShopRoute[] = [
  {
    path: '/',
    element: <HomePage />,
    page: { kind: 'home' },
    // The category list and its names too: the first screen lists the shop's categories, and a
    // list the app filled later would widen the select (a layout shift).
    prefetch: ({ search, client }) =>
      Promise.all([client.prefetchQuery(categoriesQuery()), client.prefetchQuery(categoryRecordsQuery()), client.prefetchQuery(productListQuery(initialHomeFilters(search)))]),
  },
  { path: '/products', element: <ProductsAlias />, page: { kind: 'moved', to: '/' } },
  {
    path: '/products/:productId',
    element: <ProductPage />,
    page: { kind: 'product' },
    // A chunk that fails to load shows as the route's error when it renders.
    prefetch: ({ params, client }) =>
      Promise.all([client.prefetchQuery(productQuery(params.productId ?? '')), ProductPage.preload().catch(() => undefined)]),
  },
  // Signed out, the checkout page itself makes the account (issue 44): no login wall.
  { path: '/checkout', element: <CheckoutPage />, page: { kind: 'private', title: 'checkout:title' } },
  {
    path: '/checkout/payment/:id',
    element: <RequireAuth><PaymentReturnPage /></RequireAuth>,
    page: { kind: 'private', title: 'checkout:payment.returnTitle' },
  },
  { path: '/login', element: <LoginPage />, page: { kind: 'private', title: 'account:login.title' } },
  { path: '/register', element: <RegisterPage />, page: { kind: 'private', title: 'account:register.title' } },
  { path: '/forgot-password', element: <ForgotPasswordPage />, page: { kind: 'private', title: 'account:passwordReset.forgotTitle' } },
  { path: '/reset-password', element: <ResetPasswordPage />, page: { kind: 'private', title: 'account:passwordReset.resetTitle' } },
  { path: '/profile', element: <RequireAuth><ProfilePage /></RequireAuth>, page: { kind: 'private', title: 'account:profile.title' } },
  { path: '/account/orders', element: <RequireAuth><MyOrdersPage /></RequireAuth>, page: { kind: 'private', title: 'account:orders.title' } },
  {
    path: '/account/orders/:orderId/invoice',
    element: <RequireAuth><InvoicePage /></RequireAuth>,
    page: { kind: 'private', title: 'account:orders.invoice.title' },
  },
  { path: '/quotes/new', element: <RequireAuth><QuoteRequestPage /></RequireAuth>, page: { kind: 'private', title: 'account:quotes.request.title' } },
  { path: '/account/quotes', element: <RequireAuth><MyQuotesPage /></RequireAuth>, page: { kind: 'private', title: 'account:quotes.listTitle' } },
  { path: '/account/quotes/:quoteId', element: <RequireAuth><QuotePage /></RequireAuth>, page: { kind: 'private', title: 'account:quotes.listTitle' } },
  {
    path: '/account/quotes/:quoteId/document',
    element: <RequireAuth><QuoteDocumentPage /></RequireAuth>,
    page: { kind: 'private', title: 'account:quotes.listTitle' },
  },
  { path: '/admin/*', element: <RequireStaff><AdminPage /></RequireStaff>, page: { kind: 'private', title: 'common:nav.admin' } },
  { path: '/contact', element: <ContactPage />, page: { kind: 'info', page: 'contact' }, namespaces: ['contact'], prefetch: () => ContactPage.preload().catch(() => undefined) },
  { path: '/shipping', element: <ShippingPage />, page: { kind: 'info', page: 'shipping' }, prefetch: recordPrefetch(ShippingPage, 'shipping') },
  { path: '/returns', element: <ReturnsPage />, page: { kind: 'info', page: 'returns' }, prefetch: recordPrefetch(ReturnsPage, 'returns') },
  { path: '/warranty', element: <WarrantyPage />, page: { kind: 'info', page: 'warranty' }, prefetch: recordPrefetch(WarrantyPage, 'warranty') },
  { path: '/faq', element: <FaqPage />, page: { kind: 'info', page: 'faq' }, namespaces: ['info'], prefetch: recordPrefetch(FaqPage, 'faq') },
  { path: '/privacy', element: <LegalPage page="privacy" />, page: { kind: 'info', page: 'privacy' }, prefetch: recordPrefetch(LegalPage, 'privacy') },
  { path: '/terms', element: <LegalPage page="terms" />, page: { kind: 'info', page: 'terms' }, prefetch: recordPrefetch(LegalPage, 'terms') },
  { path: '/cookies', element: <LegalPage page="cookies" />, page: { kind: 'info', page: 'cookies' }, prefetch: recordPrefetch(LegalPage, 'cookies') },
  { path: '/about', element: <LegalPage page="about" />, page: { kind: 'info', page: 'about' }, prefetch: recordPrefetch(LegalPage, 'about') },
  { path: '/hire', element: <LegalPage page="hire" />, page: { kind: 'info', page: 'hire' }, prefetch: recordPrefetch(LegalPage, 'hire') },
  // A page the owner added in /admin/pages (the server reads the slug from the address).
  { path: '/pages/:slug', element: <PageBySlug />, page: { kind: 'info', page: ':slug' }, prefetch: recordPrefetch(PageBySlug, ':slug') },
  { path: '*', element: <ErrorPage notFound />, page: { kind: 'notFound' } },
];

/** The table as React Router's routes: every screen inside the layout (header, footer). */
export const APP_ROUTES: RouteObject[] = [
  { element: <Layout />, children: SHOP_ROUTES.map(({ path, element }) => ({ path, element })) },
];

/** The route table as the server reads it (routes/firstscreen/routes.gen.json, written by `npm run build`). */
export const PAGE_TABLE = SHOP_ROUTES.map(({ path, page }) => ({ path, ...page }));

/** The screens' own namespaces (the first screens' render reads them too). */
export function screenNamespaces(): string[] {
  return [...new Set(SHOP_ROUTES.flatMap((r) => r.namespaces ?? []))];
}

/** Starts the data of the screen at this address (any language; the router's own matching); resolves when it is in. */
export function prefetchRoute(client: QueryClient, { pathname, search }: { pathname: string; search: string }): Promise<unknown> {
  const match = matchRoutes(SHOP_ROUTES, splitLanguage(pathname).path)?.at(-1);
  const ns = match?.route.namespaces;
  return Promise.all([match?.route.prefetch?.({ params: match.params, search, client }), ns && i18n.loadNamespaces(ns)]);
}
