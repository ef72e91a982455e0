import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '../../api/types';
import { mockFetch, type Call } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import HomePage from './HomePage';
import { singleVariant } from '../../test/products';

const make = (id: string, category: string, price: number): Product => ({
  id,
  name: `Item ${id}`,
  nameLocalized: { en: `Item ${id}` },
  description: 'd',
  descriptionLocalized: { en: 'd' },
  category,
  price,
  stockQuantity: 3,
  isActive: true,
  imageFileName: '',
  imageFileNames: [],
  attributes: [],
  taxClass: 'standard',
  createdAt: '',
  updatedAt: '',
  ...singleVariant(price, 3, id),
});

const all = [make('1', 'Sound', 10), make('2', 'Lighting', 20), make('3', 'Sound', 30)];

function listReply(call: Call & { url?: string }) {
  void call;
  return { body: { products: all, pagination: { page: 1, pageSize: 20, totalCount: all.length, totalPages: 1 } } };
}

describe('HomePage', () => {
  beforeAll(setupTestI18n);

  it('shows the hero, the count line and a card per product', async () => {
    mockFetch({ 'GET /api/products': listReply, 'GET /api/products/categories': { body: ['Lighting', 'Sound', 'Stage', 'Accessories'] } });
    renderApp(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Professional Stage Equipment' })).toBeInTheDocument();
    expect(await screen.findByText('3 products found')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Manage Products' })).not.toBeInTheDocument();
  });

  it('filters by category: query parameter, URL, session storage and the count line', async () => {
    const seen: string[] = [];
    const { fn } = mockFetch({
      'GET /api/products': () => {
        const cat = seen.at(-1);
        const products = cat ? all.filter((p) => p.category === cat) : all;
        return { body: { products, pagination: { page: 1, pageSize: 20, totalCount: products.length, totalPages: 1 } } };
      },
      'GET /api/products/categories': { body: ['Lighting', 'Sound', 'Stage', 'Accessories'] },
    });
    const original = fn.getMockImplementation()!;
    fn.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/products') seen.push(url.searchParams.get('category') ?? '');
      return original(input, init);
    });
    renderApp(<HomePage />);
    await screen.findByText('3 products found');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Sound');
    expect(await screen.findByText('2 products found in Sound')).toBeInTheDocument();
    expect(seen).toContain('Sound');
    expect(sessionStorage.getItem('shopSelectedCategory')).toBe('Sound');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?category=Sound'));
  });

  it('shows every product for a category the shop no longer has (issue 35)', async () => {
    const { calls } = mockFetch({ 'GET /api/products': listReply, 'GET /api/products/categories': { body: ['Lighting', 'Rigging'] } });
    renderApp(<HomePage />, { route: '/?category=Drums' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('3 products found')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Rigging' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/products').at(-1)?.query.get('category')).toBeNull();
  });

  it('starts from the category kept in session storage', async () => {
    sessionStorage.setItem('shopSelectedCategory', 'Lighting');
    const { calls } = mockFetch({ 'GET /api/products': listReply, 'GET /api/products/categories': { body: [] } });
    renderApp(<HomePage />);
    await screen.findByText(/products found/);
    expect(screen.getByLabelText('Category')).toHaveValue('Lighting');
    expect(calls.some((c) => c.path === '/api/products')).toBe(true);
  });

  it('says when nothing is found', async () => {
    mockFetch({
      'GET /api/products': { body: { products: [], pagination: { page: 1, pageSize: 20, totalCount: 0, totalPages: 0 } } },
      'GET /api/products/categories': { body: [] },
    });
    renderApp(<HomePage />);
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });

  it('offers the five sort orders', async () => {
    mockFetch({ 'GET /api/products': listReply, 'GET /api/products/categories': { body: [] } });
    renderApp(<HomePage />);
    const options = Array.from((screen.getByLabelText('Sort by') as HTMLSelectElement).options).map((o) => o.text);
    expect(options).toEqual(['Name: A-Z', 'Name: Z-A', 'Price: Low to High', 'Price: High to Low', 'Newest First']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
  });

  it('shows Manage Products to admins', async () => {
    localStorage.setItem('authToken', 't');
    mockFetch({
      'GET /api/auth/profile': { body: { id: 'a', email: 'a@x.io', firstName: 'A', lastName: 'D', roles: ['Admin'] } },
      'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
      'GET /api/products': listReply,
      'GET /api/products/categories': { body: [] },
    });
    renderApp(<HomePage />);
    expect(await screen.findByRole('link', { name: 'Manage Products' })).toHaveAttribute('href', '/admin');
  });

  it('shows every card of the page: the first row at once, the rest right after', async () => {
    const many = Array.from({ length: 7 }, (_, i) => make(String(i + 1), 'Sound', 10 + i));
    mockFetch({
      'GET /api/products': { body: { products: many, pagination: { page: 1, pageSize: 7, totalCount: 14, totalPages: 2 } } },
      'GET /api/products/categories': { body: [] },
    });
    renderApp(<HomePage />);
    await screen.findByText('14 products found');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(7));
    // The pages come after the whole grid (under the first row they would jump down).
    expect(await screen.findByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 2');
    expect(screen.getAllByRole('article')).toHaveLength(7);
  });

  it('restores the kept scroll position with the whole page rendered', async () => {
    sessionStorage.setItem('shopScrollPosition', '640');
    const many = Array.from({ length: 7 }, (_, i) => make(String(i + 1), 'Sound', 10 + i));
    mockFetch({
      'GET /api/products': { body: { products: many, pagination: { page: 1, pageSize: 20, totalCount: 7, totalPages: 1 } } },
      'GET /api/products/categories': { body: [] },
    });
    let cardsAtRestore = -1;
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {
      cardsAtRestore = document.querySelectorAll('article').length;
    });
    renderApp(<HomePage />);
    await screen.findByText('7 products found');
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
    // Restoring with only the first row in the page would clamp the position to a short page.
    expect(cardsAtRestore).toBe(7);
    expect(sessionStorage.getItem('shopScrollPosition')).toBeNull();
    scrollTo.mockRestore();
  });

  it('keeps search, sort and page in the URL and reads them back from a shared link', async () => {
    const seen: string[] = [];
    const { fn } = mockFetch({
      'GET /api/products': { body: { products: all, pagination: { page: 2, pageSize: 20, totalCount: 43, totalPages: 3 } } },
      'GET /api/products/categories': { body: [] },
    });
    const original = fn.getMockImplementation()!;
    fn.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/products') seen.push(url.search);
      return original(input, init);
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderApp(<HomePage />, { route: '/?search=cable&sort=price_asc&page=2' });
    expect(await screen.findByLabelText('Search')).toHaveValue('cable');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');
    expect(await screen.findByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 3');
    expect(seen[0]).toContain('search=cable');
    expect(seen[0]).toContain('sort=price_asc');
    expect(seen[0]).toContain('page=2');

    // A new page of results: in the URL, and the window goes to the top.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?search=cable&sort=price_asc&page=3'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    // A changed filter starts again at page 1.
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'name_asc');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?search=cable&sort=name_asc$/));
    await userEvent.clear(screen.getByLabelText('Search'));
    await userEvent.type(screen.getByLabelText('Search'), 'dmx');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?search=dmx&sort=name_asc$/));
    scrollTo.mockRestore();
  });

  it('keeps a letter typed while the previous search reaches the URL', async () => {
    mockFetch({ 'GET /api/products': listReply, 'GET /api/products/categories': { body: [] } });
    renderApp(<HomePage />, { route: '/?search=cable' });
    const input = await screen.findByLabelText('Search');
    vi.useFakeTimers();
    try {
      fireEvent.change(input, { target: { value: '' } });
      // The cleared search is written to the URL in the same moment as the next key lands.
      await act(async () => {
        vi.advanceTimersByTime(300);
        fireEvent.change(input, { target: { value: 'd' } });
      });
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
      expect(input).toHaveValue('d');
      await act(async () => {
        vi.advanceTimersByTime(300);
      });
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?search=d(&|$)/);
      expect(input).toHaveValue('d');
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the query that found nothing and clears the filters', async () => {
    mockFetch({
      'GET /api/products': { body: { products: [], pagination: { page: 1, pageSize: 20, totalCount: 0, totalPages: 0 } } },
      'GET /api/products/categories': { body: [] },
    });
    sessionStorage.setItem('shopSelectedCategory', 'Sound');
    renderApp(<HomePage />, { route: '/?search=zzz&category=Sound' });
    expect(await screen.findByText('Nothing matches “zzz”.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(sessionStorage.getItem('shopSelectedCategory')).toBeNull();
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
  });
});
