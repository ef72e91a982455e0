import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useEffect } from 'react';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { MergeNotice } from './MergeNotice';

/** The sign-in screen hands over to checkout, which links on to My Orders. */
function Screens() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (pathname === '/login') navigate('/checkout');
  }, [pathname, navigate]);
  return (
    <>
      <MergeNotice />
      <p>at {pathname}</p>
      <Link to="/account/orders">My Orders</Link>
    </>
  );
}

const user = { id: 'u1', email: 'a@b.co', firstName: 'A', lastName: 'B', roles: ['Customer'] };

describe('MergeNotice', () => {
  beforeAll(setupTestI18n);

  it('stays in the page over the sign-in hand-over, until the shopper leaves checkout or closes it', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('cartSessionId', 'session_1_0123456789abcdef');
    const report = { addedLines: 1, addedUnits: 3, capped: [], dropped: [] };
    mockFetch({
      'GET /api/auth/profile': { body: user },
      'POST /api/cart/merge': { body: { id: 'u', items: [], totalPrice: 30, totalItems: 3, mergeReport: report } },
    });
    renderApp(<Screens />, { route: '/login' });
    const notice = await screen.findByTestId('merge-notice');
    expect(notice).toHaveTextContent('We added 3 items from your guest cart.');
    expect(await screen.findByText('at /checkout')).toBeInTheDocument();
    // Not a snackbar that hides itself over the form: still there after the snackbar's 12 s would be.
    expect(notice.closest('.toast-region')).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByTestId('merge-notice')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'My Orders' }));
    expect(await screen.findByText('at /account/orders')).toBeInTheDocument();
    expect(screen.queryByTestId('merge-notice')).not.toBeInTheDocument();
  });

  it('closes when the shopper says so', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('cartSessionId', 'session_1_0123456789abcdef');
    const report = { addedLines: 1, addedUnits: 1, capped: [], dropped: [] };
    mockFetch({
      'GET /api/auth/profile': { body: user },
      'POST /api/cart/merge': { body: { id: 'u', items: [], totalPrice: 30, totalItems: 1, mergeReport: report } },
    });
    renderApp(<Screens />, { route: '/checkout' });
    const notice = await screen.findByTestId('merge-notice');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(notice).not.toBeInTheDocument();
  });

  it('tells a shopper who signs in what happened to the guest cart', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('cartSessionId', 'session_1_0123456789abcdef');
    mockFetch({
      'GET /api/auth/profile': { body: user },
      'POST /api/cart/merge': {
        body: {
          id: 'u',
          items: [],
          totalPrice: 30,
          totalItems: 3,
          mergeReport: {
            addedLines: 2,
            addedUnits: 3,
            capped: [{ productId: 'p1', productName: { en: 'Fog Machine X' }, requested: 4, kept: 2 }],
            dropped: [
              { productId: 'p2', productName: { en: 'Stage Clamp Set' }, reason: 'inactive' },
              { productId: 'p3', productName: { en: 'Mirror Ball' }, reason: 'out_of_stock' },
            ],
          },
        },
      },
    });
    renderApp(
      <>
        <MergeNotice />
        <p>page</p>
      </>,
    );
    const toast = await screen.findByText(/We added 3 items from your guest cart\./);
    expect(toast).toHaveTextContent('Only 2 left of Fog Machine X: your cart now has 2.');
    expect(toast).toHaveTextContent('Stage Clamp Set is no longer available.');
    expect(toast).toHaveTextContent('Mirror Ball is sold out.');
  });

  it('says nothing when the guest cart was empty', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('cartSessionId', 'session_1_0123456789abcdef');
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': { body: user },
      'POST /api/cart/merge': {
        body: { id: 'u', items: [], totalPrice: 0, totalItems: 0, mergeReport: { addedLines: 0, addedUnits: 0, capped: [], dropped: [] } },
      },
    });
    renderApp(
      <>
        <MergeNotice />
        <p>page</p>
      </>,
    );
    await screen.findByText('page');
    await new Promise((r) => setTimeout(r, 300));
    expect(callsTo('POST', '/api/cart/merge')).toHaveLength(1);
    expect(screen.queryByText(/guest cart/)).not.toBeInTheDocument();
  });
});
