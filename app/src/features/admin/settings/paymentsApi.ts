import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { AdminTaxRate, PaymentTaxSettings } from '../../../api/types';
import { adminKeys } from '../../../api/queryKeys';

export const paymentSettingsQuery = () =>
  queryOptions({ queryKey: adminKeys.paymentSettings, queryFn: ({ signal }) => api.get<PaymentTaxSettings>('/admin/settings/payments', { signal }) });

export const taxRatesQuery = () =>
  queryOptions({ queryKey: adminKeys.taxRates, queryFn: ({ signal }) => api.get<AdminTaxRate[]>('/admin/tax-rates', { signal }) });

export const savePaymentSettings = (s: PaymentTaxSettings) => api.put<PaymentTaxSettings>('/admin/settings/payments', s);

export interface TaxRateDraft {
  id: string;
  country: string;
  region: string;
  taxClass: string;
  rate: string;
  name: string;
}

export const saveTaxRate = (d: TaxRateDraft) => {
  const body = { country: d.country, region: d.region, taxClass: d.taxClass, rate: Number(d.rate.replace(',', '.')), name: d.name };
  return d.id ? api.put<AdminTaxRate>(`/admin/tax-rates/${encodeURIComponent(d.id)}`, body) : api.post<AdminTaxRate>('/admin/tax-rates', body);
};

export const deleteTaxRate = (id: string) => api.del<{ message: string }>(`/admin/tax-rates/${encodeURIComponent(id)}`);
