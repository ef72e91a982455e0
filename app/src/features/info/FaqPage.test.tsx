import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import FaqPage from './FaqPage';
import ShippingPage from './ShippingPage';

describe('information pages', () => {
  beforeAll(setupTestI18n);

  it('FAQ: four tabs, the first selected, expandable questions and a working search', async () => {
    mockFetch({});
    renderApp(<FaqPage />);
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
    await userEvent.clear(screen.getByLabelText('Search the FAQ'));
    await userEvent.type(screen.getByLabelText('Search the FAQ'), 'zzzz');
    expect(screen.getByText('No questions match your search.')).toBeInTheDocument();
  });

  it('Shipping: the spec figures', async () => {
    mockFetch({});
    renderApp(<ShippingPage />);
    for (const text of ['$9.99', '$19.99', '$29.99', 'from $49.99', 'from $79.99', '5-7 business days', 'Next business day']) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Free standard shipping on orders over $500.')).toBeInTheDocument();
    expect(screen.getAllByText(/over 50 countries/).length).toBeGreaterThan(0);
  });
});
