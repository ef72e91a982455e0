import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import FaqPage from './FaqPage';
import ShippingPage from './ShippingPage';

// The FAQ page as the server answers it (the demo page's Markdown rendered and sanitized).
const FAQ = {
  slug: 'faq',
  title: { en: 'Frequently Asked Questions', zh: '常见问题' },
  body: {
    en:
      '<p>Quick answers about our products.</p><h2>Products</h2><h3>Are your products new and original?</h3><p>Yes. Only new equipment.</p>' +
      '<h2>Shipping</h2><h3>How long does delivery take?</h3><p>5-7 business days.</p><h2>Returns</h2><h3>When will I get my refund?</h3>' +
      '<p>Within 5-7 business days, see <a href="/returns">Returns</a>.</p><h2>Technical Support</h2><h3>Do you provide installation support?</h3><p>Remote advice.</p>',
    zh: '<p>快速解答。</p><h2>产品</h2><h3>你们的产品是全新正品吗？</h3><p>是的。</p>',
  },
};
const SHIPPING = { slug: 'shipping', title: { en: 'Shipping Information' }, body: { en: '<p>Fast, insured delivery.</p><h2>Order Processing</h2><ul><li>1-2 business days.</li></ul>' } };

describe('information pages', () => {
  beforeAll(setupTestI18n);

  it('FAQ: the page record as four tabs, the first selected, expandable questions, a working search and links inside the app', async () => {
    mockFetch({ 'GET /api/pages/faq': { body: FAQ } });
    renderApp(<FaqPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(screen.getByText('Quick answers about our products.')).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(4);
    // (jsdom has no CSS: Radix's hidden sizing copy of each label doubles the text here)
    ['Products', 'Shipping', 'Returns', 'Technical Support'].forEach((name, i) => expect(tabs[i].textContent).toContain(name));
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const question = screen.getByText('Are your products new and original?');
    const details = question.closest('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(question);
    expect(details.open).toBe(true);

    await userEvent.type(screen.getByLabelText('Search the FAQ'), 'refund');
    expect(screen.getByText('1 matching question')).toBeInTheDocument();
    expect(screen.getByText('When will I get my refund?')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('When will I get my refund?'));
    await userEvent.click(screen.getByRole('link', { name: 'Returns' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/returns$/);
    await userEvent.clear(screen.getByLabelText('Search the FAQ'));
    await userEvent.type(screen.getByLabelText('Search the FAQ'), 'zzzz');
    expect(screen.getByText('No questions match your search.')).toBeInTheDocument();
  });

  it('Shipping: the default figures, worded as checkout words them, when the server does not answer', async () => {
    mockFetch({ 'GET /api/pages/shipping': { body: SHIPPING } });
    renderApp(<ShippingPage />);
    // Before the answer (here a failure) no price is shown: the server's may differ.
    expect(screen.queryByText('$9.99')).not.toBeInTheDocument();
    expect(screen.queryByText(/Free standard shipping/)).not.toBeInTheDocument();
    expect(await screen.findByText('$9.99')).toBeInTheDocument();
    for (const text of ['$9.99', '$19.99', '$29.99', '$49.99', '$79.99', '5-7 business days', 'Next business day']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    // International rates are flat (no "from"), and the threshold is inclusive, as checkout charges them.
    expect(screen.queryByText(/from \$/)).not.toBeInTheDocument();
    expect(screen.getByText('Free standard shipping on orders of $500.00 or more')).toBeInTheDocument();
    expect(screen.getAllByText(/over 50 countries/).length).toBeGreaterThan(0);
  });

  it('Shipping: the rates and free-shipping threshold the server charges, once it answers', async () => {
    const method = (code: string, region: string, amount: number, deliveryDays: string, en: string) => ({ code, name: { en }, region, amount, deliveryDays });
    mockFetch({
      'GET /api/pages/shipping': { body: SHIPPING },
      'GET /api/shipping/methods': {
        body: {
          homeCountry: 'US',
          freeShippingThreshold: 250,
          methods: [
            method('standard', 'domestic', 9.99, '5-7', 'Standard'),
            method('express', 'domestic', 24.5, '2-3', 'Express'),
            method('overnight', 'domestic', 29.99, '1', 'Overnight'),
            method('intl_standard', 'international', 59.99, '10-15', 'International standard'),
            method('intl_express', 'international', 79.99, '5-7', 'International express'),
          ],
        },
      },
    });
    renderApp(<ShippingPage />);
    expect(screen.queryByText('$9.99')).not.toBeInTheDocument();
    expect(await screen.findByText('Free standard shipping on orders of $250.00 or more')).toBeInTheDocument();
    expect(screen.getByText('$24.50')).toBeInTheDocument();
    expect(screen.getByText('$59.99')).toBeInTheDocument();
    expect(screen.queryByText('$19.99')).not.toBeInTheDocument();
    expect(screen.queryByText(/from \$/)).not.toBeInTheDocument();
    expect(screen.queryByText(/over \$500/)).not.toBeInTheDocument();
  });
});
