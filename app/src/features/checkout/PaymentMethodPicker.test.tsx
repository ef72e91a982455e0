import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethod, PaymentMethods } from '../../api/types';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { BillingStep } from './BillingStep';

const methods = (invoice: boolean): PaymentMethods => ({
  methods: [
    { code: 'card', enabled: true },
    { code: 'bank_transfer', enabled: true },
    { code: 'invoice', enabled: invoice },
  ],
  bankDetails: 'IBAN DE00 0000',
  invoiceTermsDays: 30,
  holdMinutes: 60,
});

function Billing({ offer, onNext }: { offer: PaymentMethods; onNext: () => void }) {
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [po, setPo] = useState('');
  return (
    <BillingStep
      value={{ firstName: 'Vera', lastName: 'Venue', address: '1 Stage St', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' }}
      business={{ companyName: '', taxId: '' }}
      onBusiness={() => undefined}
      sameAsShipping
      onSameAsShipping={() => undefined}
      onChange={() => undefined}
      serverErrors={{}}
      onBack={() => undefined}
      onNext={onNext}
      payment={{ methods: offer, method, onMethod: setMethod, poNumber: po, onPONumber: setPo, serverErrors: {} }}
    />
  );
}

describe('the payment method in the Billing step', () => {
  beforeAll(setupTestI18n);

  it('offers only the methods the server enables', async () => {
    mockFetch({});
    renderApp(<Billing offer={methods(false)} onNext={() => undefined} />);
    expect(await screen.findByRole('radio', { name: /Card/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Bank transfer/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Invoice/ })).not.toBeInTheDocument();
  });

  it('asks an approved customer paying on invoice for the PO number', async () => {
    mockFetch({});
    const next = vi.fn();
    renderApp(<Billing offer={methods(true)} onNext={next} />);
    await userEvent.click(await screen.findByRole('radio', { name: /Invoice/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Review Order' }));
    expect(await screen.findByText('Please enter your purchase order number')).toBeInTheDocument();
    expect(next).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Purchase order (PO) number'), 'PO-17');
    await userEvent.click(screen.getByRole('button', { name: 'Review Order' }));
    expect(next).toHaveBeenCalledOnce();
  });
});
