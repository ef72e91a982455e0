import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../test/fetchMock';
import { setupTestI18n } from '../test/i18n';
import { renderApp } from '../test/render';
import { Header } from './Header';

const emptyCart = { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } };

describe('Header', () => {
  beforeAll(setupTestI18n);

  it('signed out: Products link, language button with the native name, cart and Login', async () => {
    mockFetch({});
    renderApp(<Header />);
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Language: English' })).toHaveTextContent('English');
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
  });

  it('signed in admin: initials, name, Admin badge, Admin/Profile/My Orders links and logout', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('refreshToken', 'r');
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': { body: { id: 'a', email: 'grace@x.io', firstName: 'Grace', lastName: 'Hopper', roles: ['Admin'] } },
      'GET /api/cart': emptyCart,
      'POST /api/auth/logout': { body: { message: 'ok' } },
    });
    renderApp(<Header />, { route: '/profile' });
    const chip = await screen.findByRole('button', { name: 'Account menu for Grace Hopper, Admin' });
    expect(await screen.findByText('GH')).toBeInTheDocument();
    expect(chip).toHaveTextContent('Grace Hopper');
    expect(chip).toHaveTextContent('Admin');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/account/orders');

    await userEvent.click(chip);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(callsTo('POST', '/api/auth/logout')[0].body).toEqual({ refreshToken: 'r' });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('offers this page in each language from the menu of native names', async () => {
    mockFetch({});
    renderApp(<Header />, { route: '/products/p1?x=1' });
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    expect(await screen.findByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Русский' })).toHaveAttribute('href', '/ru/products/p1?x=1');
    expect(screen.getByRole('link', { name: '中文' })).toHaveAttribute('href', '/zh/products/p1?x=1');
    expect(screen.getByRole('link', { name: 'Русский' })).toHaveAttribute('hreflang', 'ru');
  });

  it('a Categories menu lists the category records, keyboard operable, each linking to its page (issue 44)', async () => {
    const records = [
      { id: 'c1', slug: 'sound', name: 'Sound', nameLocalized: { en: 'Sound', ru: 'Звук' }, sortOrder: 1, imageUrl: '', productCount: 4 },
      { id: 'c2', slug: 'rigging', name: 'Rigging & Truss', nameLocalized: { en: 'Rigging & Truss' }, sortOrder: 2, imageUrl: '', productCount: 2 },
    ];
    mockFetch({ 'GET /api/categories': { body: records } });
    renderApp(<Header />);
    const trigger = screen.getByRole('button', { name: 'Categories' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = await within(menu).findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Sound', 'Rigging & Truss']);
    expect(items[1]).toHaveAttribute('href', '/?category=Rigging%20%26%20Truss');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?category=Rigging%20%26%20Truss'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('the phone menu offers the categories, the search and the help pages (issue 34)', async () => {
    mockFetch({ 'GET /api/products/categories': { body: ['Lighting', 'Sound', 'Stage', 'Accessories'] } });
    renderApp(<Header />, { route: '/?category=Sound' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const sound = await within(menu).findByRole('link', { name: 'Sound' });
    expect(sound).toHaveAttribute('href', '/?category=Sound');
    expect(sound).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Lighting' })).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(within(menu).getByRole('link', { name: 'Shipping Info' })).toHaveAttribute('href', '/shipping');
    expect(within(menu).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    await userEvent.click(within(menu).getByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/faq$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
