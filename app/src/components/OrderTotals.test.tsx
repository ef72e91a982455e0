import { beforeAll, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setupTestI18n } from '../test/i18n';
import { renderApp } from '../test/render';
import { OrderTotals } from './OrderTotals';

const order = { subtotalAmount: 100, shippingAmount: 12.5, totalAmount: 112.5, taxAmount: 0, taxRows: [{ kind: 'none' as const, name: '', rate: 0, base: 0, amount: 0 }] };

beforeAll(setupTestI18n);

// Issue 35: an order keeps its method's name as it was when placed; the owner's own method
// (renamed or deleted since) is not shown by its code.
it("names the shipping method as it was at the order, else by its code's translation", () => {
  const { unmount } = renderApp(<OrderTotals order={{ ...order, shippingMethod: 'eu_post', shippingMethodName: { en: 'EU post', ru: 'Почта ЕС' } }} />);
  expect(screen.getByText('Shipping (EU post)')).toBeInTheDocument();
  unmount();
  renderApp(<OrderTotals order={{ ...order, shippingMethod: 'express' }} />);
  expect(screen.getByText('Shipping (Express)')).toBeInTheDocument();
});

// Issue 45: an order lists its discounts with the promotion's name and code as they were when placed.
it('lists the order’s discounts as they were, between the subtotal and the shipping', () => {
  renderApp(
    <OrderTotals
      order={{ ...order, shippingMethod: 'standard', totalAmount: 87.5, discounts: [{ code: 'TOURING25', name: { en: 'Touring', ru: 'Гастроли' }, amount: 25 }, { code: '', name: { en: 'Venues' }, amount: 0.5 }] }}
    />,
  );
  expect(screen.getAllByTestId('order-discount').map((e) => e.textContent)).toEqual(['Touring (TOURING25)−$25.00', 'Venues−$0.50']);
  expect(screen.getByTestId('order-total')).toHaveTextContent('$87.50');
});
