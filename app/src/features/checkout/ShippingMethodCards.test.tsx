import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ShippingMethod } from '../../api/types';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import { ShippingMethodCards } from './ShippingMethodCards';

const standard: ShippingMethod = { code: 'standard', name: { en: 'Standard' }, region: 'domestic', amount: 24.99, deliveryDays: '5-7' };
const free: ShippingMethod = { ...standard, code: 'express', name: { en: 'Express' }, amount: 0 };
const freight: ShippingMethod = { code: 'freight', name: { en: 'Freight: quoted separately' }, region: 'domestic', amount: 0, deliveryDays: '', freight: true };

describe('the shipping method cards', () => {
  beforeAll(setupTestI18n);

  it('price a method by its band, say Free at no cost, and never call freight free', async () => {
    mockFetch({});
    renderApp(<ShippingMethodCards methods={[standard, free]} value="standard" onChange={() => undefined} />);
    expect(await screen.findByText('$24.99')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
  });

  it('show freight as quoted separately', async () => {
    mockFetch({});
    renderApp(<ShippingMethodCards methods={[freight]} value="freight" onChange={() => undefined} />);
    expect(await screen.findByText('Quoted separately')).toBeInTheDocument();
    expect(screen.queryByText('Free')).not.toBeInTheDocument();
    // No delivery time: no "business days" without a number.
    expect(screen.queryByText(/business days/)).not.toBeInTheDocument();
  });
});
