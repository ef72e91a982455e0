import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { chooseOption, queriesTo, renderAdmin, setupAdminI18n } from '../test/helpers';


const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const REQUESTS = [
  {
    id: 'c1',
    name: 'Jane Doe',
    email: 'jane@example.com',
    subject: 'Rental question',
    message: 'Do you rent\nfog machines?',
    status: 'New',
    adminNotes: '',
    createdAt: '2026-11-22T10:00:00Z',
  },
  {
    id: 'c2',
    name: 'Bob Roe',
    email: 'bob@example.com',
    subject: 'Broken cable',
    message: 'It broke.',
    status: 'InProgress',
    adminNotes: 'Sent a replacement',
    createdAt: '2026-11-21T10:00:00Z',
  },
];
const STATS = { totalRequests: 42, newRequests: 7, inProgressRequests: 5, resolvedRequests: 30 };

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/contact/admin/stats': { body: STATS },
    'GET /api/contact/admin/requests': { body: { requests: REQUESTS, pagination: { page: 1, pageSize: 10, totalCount: 42, totalPages: 5 } } },
    ...extra,
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

/** page, pageSize and status of the last list request. */
function lastListQuery(fn: Parameters<typeof queriesTo>[0]) {
  const all = queriesTo(fn, '/api/contact/admin/requests');
  const q = all[all.length - 1];
  return { page: q.get('page'), pageSize: q.get('pageSize'), status: q.get('status') };
}

async function open() {
  const mock = api();
  renderAdmin('/admin/contact-requests');
  await screen.findByText('Rental question');
  return mock;
}

describe('admin contact requests', () => {
  it('shows the four stats and the table, asking for page 1 of 10 without a status', async () => {
    const { fn } = await open();
    expect(screen.getByTestId('stat-total')).toHaveTextContent('42');
    expect(screen.getByTestId('stat-new')).toHaveTextContent('7');
    expect(screen.getByTestId('stat-inProgress')).toHaveTextContent('5');
    expect(screen.getByTestId('stat-resolved')).toHaveTextContent('30');
    expect(lastListQuery(fn)).toEqual({ page: '1', pageSize: '10', status: null });
    expect(screen.getByText('1–10 of 42')).toBeInTheDocument();
    const row = screen.getByRole('rowheader', { name: 'Bob Roe' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('In progress')).toBeInTheDocument();
  });

  it('filters by status and starts again at page 1', async () => {
    const { fn } = await open();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListQuery(fn)).toEqual({ page: '2', pageSize: '10', status: null }));

    await chooseOption(user, screen.getByLabelText('Status'), 'Resolved');
    await waitFor(() => expect(lastListQuery(fn)).toEqual({ page: '1', pageSize: '10', status: 'Resolved' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/contact-requests?status=Resolved');

    await chooseOption(user, screen.getByLabelText('Status'), 'All statuses');
    await waitFor(() => expect(lastListQuery(fn)).toEqual({ page: '1', pageSize: '10', status: null }));
  });

  it('pages forward and back and changes the page size among 5, 10, 25 and 50', async () => {
    const { fn } = await open();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListQuery(fn).page).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(lastListQuery(fn).page).toBe('1'));

    await user.click(screen.getByRole('combobox', { name: 'Rows per page:' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['5', '10', '25', '50']);
    await user.click(options[2]);
    await waitFor(() => expect(lastListQuery(fn)).toEqual({ page: '1', pageSize: '25', status: null }));
  });

  it('reads status, page and page size from the URL', async () => {
    const { fn } = api();
    renderAdmin('/admin/contact-requests?status=InProgress&page=3&pageSize=5');
    await screen.findByText('Rental question');
    expect(lastListQuery(fn)).toEqual({ page: '3', pageSize: '5', status: 'InProgress' });
  });

  it('shows the whole request in the details dialog', async () => {
    await open();
    await user.click(screen.getByRole('button', { name: 'View the request from Bob Roe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Contact request' }));
    expect(dialog.getByText('It broke.')).toBeInTheDocument();
    expect(dialog.getByText('Sent a replacement')).toBeInTheDocument();
    expect(dialog.getByText('bob@example.com')).toHaveAttribute('href', 'mailto:bob@example.com');
  });

  it('updates the status with admin notes', async () => {
    const { callsTo } = api({ 'PUT /api/contact/admin/requests/c1/status': { body: { ...REQUESTS[0], status: 'Resolved' } } });
    renderAdmin('/admin/contact-requests');
    await screen.findByText('Rental question');
    await user.click(screen.getByRole('button', { name: 'Update the status of the request from Jane Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update status' });
    await chooseOption(user, within(dialog).getByRole('combobox'), 'Resolved');
    await user.type(within(dialog).getByLabelText('Admin notes'), 'We do, from $50 a day.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/contact/admin/requests/c1/status')[0].body).toEqual({
      status: 'Resolved',
      adminNotes: 'We do, from $50 a day.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reports a failed status update', async () => {
    api({ 'PUT /api/contact/admin/requests/c1/status': { status: 500, body: { status: 500, code: 'internal', message: 'boom' } } });
    renderAdmin('/admin/contact-requests');
    await screen.findByText('Rental question');
    await user.click(screen.getByRole('button', { name: 'Update the status of the request from Jane Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update status' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update status')).toBeInTheDocument();
  });

  it('deletes only after a confirmation that says it cannot be undone', async () => {
    const { callsTo } = api({ 'DELETE /api/contact/admin/requests/c2': { body: { message: 'Deleted' } } });
    renderAdmin('/admin/contact-requests');
    await screen.findByText('Rental question');

    await user.click(screen.getByRole('button', { name: 'Delete the request from Bob Roe' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/This action cannot be undone\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE', '/api/contact/admin/requests/c2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete the request from Bob Roe' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact request deleted successfully')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/contact/admin/requests/c2')).toHaveLength(1);
  });
});
