import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockFetch } from '../test/fetchMock';
import { setupTestI18n } from '../test/i18n';
import { renderApp } from '../test/render';
import ContactPage from '../features/contact/ContactPage';
import { Footer } from './Footer';

const SHOP = {
  name: 'Rig & Roll', legalName: '', logo: '', logoUrl: '', email: 'desk@rig.example', phone: '+44 20 7946 0000',
  address: '1 Stage Lane\nLondon', hours: { en: 'Mon-Fri 9-17' }, hero: { title: { en: 'Gear' }, text: {} },
  social: [{ kind: 'youtube', url: 'https://youtube.com/@rig' }],
};

describe('the store details on the storefront', () => {
  beforeAll(setupTestI18n);

  it("the footer shows the shop's name, phone, e-mail and social links as the owner keeps them", async () => {
    mockFetch({ 'GET /api/shop': { body: SHOP } });
    renderApp(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000');
    expect(within(footer).getByRole('link', { name: 'desk@rig.example' })).toHaveAttribute('href', 'mailto:desk@rig.example');
    expect(within(footer).getByRole('link', { name: 'Follow Rig & Roll on YouTube' })).toHaveAttribute('href', 'https://youtube.com/@rig');
    expect(within(footer).getByText(/© \d{4} Rig & Roll\./)).toBeInTheDocument();
  });

  it('the footer links to the pages that exist, in their order, at their addresses', async () => {
    mockFetch({
      'GET /api/shop': { body: SHOP },
      'GET /api/pages': { body: [{ slug: 'returns', title: { en: 'Returns & Refunds' } }, { slug: 'rental-terms', title: { en: 'Rental terms' } }] },
    });
    renderApp(<Footer />);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(await within(nav).findByRole('link', { name: 'Rental terms' })).toHaveAttribute('href', '/pages/rental-terms');
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Contact Us', 'Returns & Refunds', 'Rental terms']);
    expect(within(nav).getByRole('link', { name: 'Returns & Refunds' })).toHaveAttribute('href', '/returns');
  });

  it('the contact page shows the phone, e-mail, address and hours of the store details', async () => {
    mockFetch({ 'GET /api/shop': { body: SHOP } });
    renderApp(<ContactPage />, { route: '/contact', path: '/contact' });
    expect(await screen.findByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute('href', 'tel:+442079460000');
    expect(screen.getByText('London')).toBeInTheDocument();
    expect(screen.getByText('Mon-Fri 9-17')).toBeInTheDocument();
  });
});
