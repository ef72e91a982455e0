import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { categoriesQuery, productListQuery, productQuery } from './api/catalog';
import { initialHomeFilters } from './features/catalog/homeState';
import { categoryRecordsQuery } from './features/catalog/categoryLabel';
import { pageQuery } from './api/pages';
import { prefetchRoute } from './routes';
import { mockFetch } from './test/fetchMock';

const product = { id: 'a b', name: 'Spot', description: '', category: 'Lighting', price: 10, stockQuantity: 1, isActive: true, imageFileName: '', imageFileNames: [], attributes: [] };
const list = { products: [product], pagination: { page: 1, pageSize: 20, totalCount: 1, totalPages: 1 } };

describe('prefetchRoute (the route table at start-up)', () => {
  it('a product page fetches its product, id decoded, into the query the page reads', async () => {
    const { calls } = mockFetch({ 'GET /api/products/a%20b': { body: product } });
    const client = new QueryClient();
    await prefetchRoute(client, { pathname: '/products/a%20b', search: '' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/products/a%20b']);
    expect(client.getQueryData(productQuery('a b').queryKey)).toEqual(product);
  });

  it('the home fetches the products page of its URL and the category list with its names, and waits for them', async () => {
    const records = [{ id: 'c1', name: 'Rigging', nameLocalized: { ru: 'Такелаж' } }];
    const { calls } = mockFetch({
      'GET /api/products': { body: list }, 'GET /api/products/categories': { body: ['Lighting', 'Rigging'] }, 'GET /api/categories': { body: records },
    });
    const client = new QueryClient();
    await prefetchRoute(client, { pathname: '/', search: '?category=Lighting&page=2' });
    expect(client.getQueryData(productListQuery(initialHomeFilters('?category=Lighting&page=2')).queryKey)).toEqual(list);
    // In before the first render, which replaces the server's first screen: its category list is the shop's.
    expect(client.getQueryData(categoriesQuery().queryKey)).toEqual(['Lighting', 'Rigging']);
    expect(client.getQueryData(categoryRecordsQuery().queryKey)).toEqual(records);
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/categories', '/api/products', '/api/products/categories']);
  });

  it('the FAQ fetches its page record, which its first render (over the server\'s first screen) shows', async () => {
    const faq = { slug: 'faq', title: { en: 'FAQ' }, body: { en: '<h2>Orders</h2>' } };
    const { calls } = mockFetch({ 'GET /api/pages/faq': { body: faq } });
    const client = new QueryClient();
    await prefetchRoute(client, { pathname: '/ru/faq', search: '' });
    expect(calls.map((c) => c.path)).toEqual(['/api/pages/faq']);
    expect(client.getQueryData(pageQuery('faq').queryKey)).toEqual(faq);
  });

  it('other screens and unknown paths fetch nothing ahead', async () => {
    const { calls } = mockFetch({});
    const client = new QueryClient();
    for (const pathname of ['/contact', '/products', '/products/x/y', '/nowhere']) await prefetchRoute(client, { pathname, search: '' });
    expect(calls).toEqual([]);
  });
});
