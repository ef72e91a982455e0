import { lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from './auth/guards';
import { ErrorPage } from './components/ErrorPage';
import { Layout } from './components/Layout';
import HomePage from './features/catalog/HomePage';
import { lazyWithPreload } from './lib/lazyWithPreload';

// Preloadable: main.tsx loads it beside the product when a product page is opened directly.
export const ProductPage = lazyWithPreload(() => import('./features/catalog/ProductPage'));
const CheckoutPage = lazy(() => import('./features/checkout/CheckoutPage'));
const LoginPage = lazy(() => import('./features/account/LoginPage'));
const RegisterPage = lazy(() => import('./features/account/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./features/account/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./features/account/ResetPasswordPage'));
const ProfilePage = lazy(() => import('./features/account/ProfilePage'));
const MyOrdersPage = lazy(() => import('./features/orders/MyOrdersPage'));
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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/products" element={<ProductsAlias />} />
        <Route path="/products/:productId" element={<ProductPage />} />
        <Route
          path="/checkout"
          element={
            <RequireAuth>
              <CheckoutPage />
            </RequireAuth>
          }
        />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route
          path="/profile"
          element={
            <RequireAuth>
              <ProfilePage />
            </RequireAuth>
          }
        />
        <Route
          path="/account/orders"
          element={
            <RequireAuth>
              <MyOrdersPage />
            </RequireAuth>
          }
        />
        <Route
          path="/admin/*"
          element={
            <RequireAdmin>
              <AdminPage />
            </RequireAdmin>
          }
        />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/shipping" element={<ShippingPage />} />
        <Route path="/returns" element={<ReturnsPage />} />
        <Route path="/warranty" element={<WarrantyPage />} />
        <Route path="/faq" element={<FaqPage />} />
        <Route path="/privacy" element={<LegalPage page="privacy" />} />
        <Route path="/terms" element={<LegalPage page="terms" />} />
        <Route path="/cookies" element={<LegalPage page="cookies" />} />
        <Route path="*" element={<ErrorPage notFound />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
