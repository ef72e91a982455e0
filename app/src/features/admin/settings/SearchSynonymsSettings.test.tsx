import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderAdmin, setupAdminI18n } from '../test/helpers';
import { textToGroups } from './SearchSynonymsSettings';

const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin', 'Customer'], isAdmin: true };
const GROUPS = [['microphone', 'mic', 'микрофон', '话筒']];

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/admin/search/synonyms': { body: { groups: GROUPS } },
    ...extra,
  });
}

let user: UserEvent;
beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  user = userEvent.setup({ delay: null });
});

describe('Settings > Search', () => {
  it('shows a group a line and saves the edited groups, 麦克风 added', async () => {
    const { callsTo } = api({ 'PUT /api/admin/search/synonyms': (call) => ({ body: call.body as object }) });
    renderAdmin('/admin/settings/search');
    const field = await screen.findByLabelText('Groups');
    expect(field).toHaveValue('microphone, mic, микрофон, 话筒');
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
    await user.click(field);
    await user.keyboard('{End}，麦克风{Enter}cable, кабель');
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText('Synonyms saved: search uses them now.')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/search/synonyms')[0].body).toEqual({
      groups: [['microphone', 'mic', 'микрофон', '话筒', '麦克风'], ['cable', 'кабель']],
    });
  });

  it('shows the server refusing a group on the field', async () => {
    api({ 'PUT /api/admin/search/synonyms': { status: 400, body: { status: 400, code: 'validation_failed', message: 'x', errors: { groups: 'Group 1 has more than 20 words' } } } });
    renderAdmin('/admin/settings/search');
    await screen.findByLabelText('Groups');
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText('Group 1 has more than 20 words')).toBeInTheDocument();
  });

  it('reads commas of every kind and drops empty words and lines', () => {
    expect(textToGroups('a, b,,\n\n话筒、麦克风；mic\n')).toEqual([['a', 'b'], ['话筒', '麦克风', 'mic']]);
  });
});
