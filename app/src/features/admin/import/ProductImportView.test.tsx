import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const BAD = { rows: 3, created: 0, updated: 0, dryRun: true, errors: [{ row: 3, field: 'price', message: 'This must be a number' }] };
const GOOD = { rows: 3, created: 2, updated: 1, dryRun: true, errors: [] };
const DONE = { ...GOOD, dryRun: false };

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('ProductImportView (issue 35)', () => {
  it('checks the file first, lists every row problem, and imports only after the fixed file passes', async () => {
    const { calls } = mockFetch({
      'GET /api/auth/profile': { body: ADMIN },
      'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
      'POST /api/admin/products/import': (c) => ({ body: c.query.get('dryRun') !== '1' ? DONE : calls.filter((x) => x.path.endsWith('/import')).length === 1 ? BAD : GOOD }),
    });
    renderAdmin('/admin/products/import');
    const input = await screen.findByLabelText('CSV file to import');
    await user.upload(input, new File(['name,category,price\n'], 'bad.csv', { type: 'text/csv' }));
    expect(await screen.findByText('This must be a number')).toBeInTheDocument();
    expect(screen.getByText(/1 problem found. Nothing was written/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import 3 rows/ })).not.toBeInTheDocument();

    await user.upload(input, new File(['name,category,price\n'], 'good.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/2 products will be added and 1 updated/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    expect((await screen.findAllByText('Imported: 2 added, 1 updated.')).length).toBeGreaterThan(0);
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/import') && c.query.get('dryRun') !== '1')).toHaveLength(1));
  });
  it('shows how far the server got while the import runs (issue 43)', async () => {
    const { fn } = mockFetch({
      'GET /api/auth/profile': { body: ADMIN },
      'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
      'POST /api/admin/products/import': (c) => ({ body: c.query.get('dryRun') === '1' ? GOOD : DONE }),
      'GET /api/admin/products/import/progress': { body: { running: true, dryRun: false, phase: 'writing', rows: 3, rowsDone: 2, errors: 0, created: 0, updated: 0 } },
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = fn.getMockImplementation()!;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (init.method === 'POST' && url.includes('/import') && !url.includes('dryRun')) await gate; // the import's request stays open
      return inner(input, init);
    });
    renderAdmin('/admin/products/import');
    await user.upload(await screen.findByLabelText('CSV file to import'), new File(['name,category,price\n'], 'good.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Import 3 rows' }));
    expect(await screen.findByText('Written 2 of 3 rows')).toBeInTheDocument();
    release();
    expect((await screen.findAllByText('Imported: 2 added, 1 updated.')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Written 2 of 3 rows')).not.toBeInTheDocument();
  });
});
