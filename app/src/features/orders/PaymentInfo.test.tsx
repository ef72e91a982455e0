import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OrderDetail } from '../../api/types';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { PaymentInfo } from './PaymentInfo';

describe('PaymentInfo', () => {
  beforeAll(setupTestI18n);

  it('asks the shopper to transfer what the server says is outstanding', async () => {
    mockFetch({ 'GET /api/payments/methods': { body: { methods: [], holdMinutes: 60, bankDetails: 'IBAN DE00' } } });
    const payment = { method: 'bank_transfer', status: 'partially_paid', amountDue: 100, amountPaid: 50, amountRefunded: 0, outstanding: 49.99 };
    const order = { id: 'o1', status: 'Created', payment: { ...payment, refundable: 50, paidAt: '', dueDate: '', poNumber: '', reference: 'ORD-1' } };
    renderApp(<PaymentInfo order={order as OrderDetail} />);
    expect(screen.getByText(/Please transfer \$49\.99 to the account below and quote ORD-1/)).toBeInTheDocument();
    expect(await screen.findByTestId('bank-details')).toHaveTextContent('IBAN DE00');
  });
});
