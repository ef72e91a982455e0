import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { useCart } from './CartContext';
import { useCartProblem } from './cartWrites';

function CartProbe() {
  const { cart } = useCart();
  const error = useCartProblem();
  return (
    <div>
      <p data-testid="count">{cart?.totalItems ?? 'none'}</p>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

const user = { id: 'u1', email: 'a@b.co', firstName: 'A', lastName: 'B', roles: ['Customer'] };

describe('CartProvider', () => {
  beforeAll(setupTestI18n);

  it('must be used within its provider', () => {
    expect(() => render(<CartProbe />)).toThrow('useCart must be used within a CartProvider');
  });

  it('a guest without a session id has an empty cart and no request is made', async () => {
    const { calls } = mockFetch({});
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('0'));
    expect(calls.filter((c) => c.path === '/api/cart')).toHaveLength(0);
  });

  it('merges the guest cart on sign-in, then forgets the guest session id', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('cartSessionId', 'session_1_0123456789abcdef');
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': { body: user },
      'GET /api/cart': { body: { id: 'u', items: [], totalPrice: 0, totalItems: 1 } },
      'POST /api/cart/merge': { body: { id: 'u', items: [], totalPrice: 30, totalItems: 3 } },
    });
    renderApp(<CartProbe />);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('3'));
    const merge = callsTo('POST', '/api/cart/merge')[0];
    expect(merge.body).toEqual({ sessionId: 'session_1_0123456789abcdef' });
    expect(merge.headers.Authorization).toBe('Bearer t');
    expect(merge.headers['X-Session-Id']).toBeUndefined();
    expect(localStorage.getItem('cartSessionId')).toBeNull();
    // The merged cart is the user's: no fetch of it before or after the merge.
    expect(callsTo('GET', '/api/cart')).toHaveLength(0);
  });

  it('reports a failed merge with the fallback message and keeps the session id', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('cartSessionId', 'session_1_0123456789abcdef');
    mockFetch({
      'GET /api/auth/profile': { body: user },
      'GET /api/cart': { body: { id: 'u', items: [], totalPrice: 0, totalItems: 1 } },
      'POST /api/cart/merge': { status: 500, body: {} },
    });
    renderApp(<CartProbe />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to merge carts');
    expect(localStorage.getItem('cartSessionId')).toBe('session_1_0123456789abcdef');
    // The user's own cart still shows.
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
  });
});
