import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Theme } from '@radix-ui/themes';
import { AuthProvider } from './auth/AuthContext';
import { ToastProvider } from './components/Toast';
import { CartProvider } from './features/cart/CartContext';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <Theme accentColor="indigo" grayColor="slate" radius="medium" appearance="light" hasBackground>
        <AuthProvider>
          <CartProvider>
            <ToastProvider>
              {children}
            </ToastProvider>
          </CartProvider>
        </AuthProvider>
      </Theme>
    </QueryClientProvider>
  );
}
