import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { HeaderSearch } from './HeaderSearch';

const suggestions = {
  body: {
    products: [
      { id: 'p1', name: 'Shure SM58 Vocal Microphone', price: 99, imageFileName: 'a.png', inStock: true },
      { id: 'p2', name: 'Sennheiser E-835 Microphone', price: 89, imageFileName: 'b.png', inStock: false },
    ],
  },
};

describe('HeaderSearch combobox', () => {
  beforeAll(setupTestI18n);

  it('suggests from the second character, announces the count, and opens the product chosen with the arrows and Enter', async () => {
    const { callsTo } = mockFetch({ 'GET /api/products/suggest': suggestions });
    renderApp(<HeaderSearch />, { route: '/products/x1' });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, 'm');
    await new Promise((r) => setTimeout(r, 200));
    expect(callsTo('GET', '/api/products/suggest')).toHaveLength(0);

    await userEvent.type(box, 'icrphne');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('Shure SM58 Vocal Microphone');
    expect(options[0]).toHaveTextContent('$99.00');
    expect(options[1]).toHaveTextContent('Out of Stock');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(screen.getAllByRole('status').some((s) => /^2 suggestions, use the up and down arrows/.test(s.textContent ?? ''))).toBe(true);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products/p1'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the list and keeps the text; Enter without a choice searches it on the home', async () => {
    mockFetch({ 'GET /api/products/suggest': suggestions });
    renderApp(<HeaderSearch />, { route: '/contact' });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(box, 'micro');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    expect(box).toHaveValue('micro');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?search=micro'));
  });

  it('a second Escape clears the field; the home has its own search field, so the header has none there', async () => {
    mockFetch({ 'GET /api/products/suggest': suggestions });
    const { unmount } = renderApp(<HeaderSearch />, { route: '/contact' });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(box, 'micro');
    await screen.findAllByRole('option');
    await userEvent.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
    unmount();
    renderApp(<HeaderSearch />, { route: '/' });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
