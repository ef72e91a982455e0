import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, requestBlob, requestWithHeaders } from '../../../api/client';
import type { OrderDetail, OrderSummary } from '../../../api/types';
import { pollUnlessLive } from '../../../api/liveStatus';
import { adminKeys } from '../../../api/queryKeys';

export const ORDERS_PAGE_SIZE = 20;

/** The admin orders list's filters (the contract's optional query). */
export interface OrderFilters {
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  search: string;
  from: string;
  to: string;
  page: number;
}

export const NO_ORDER_FILTERS: OrderFilters = { status: '', paymentMethod: '', paymentStatus: '', search: '', from: '', to: '', page: 1 };

export interface OrderPage {
  orders: OrderSummary[];
  total: number;
}

const filterQuery = (f: OrderFilters) => ({
  status: f.status || undefined,
  paymentMethod: f.paymentMethod || undefined,
  paymentStatus: f.paymentStatus || undefined,
  search: f.search.trim() || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
});

/** One page of orders; the total comes from X-Total-Count. Under adminKeys.orderList, so refreshes reach it. */
export const adminOrderPageQuery = (f: OrderFilters) =>
  queryOptions({
    queryKey: adminKeys.orderPage(f),
    queryFn: async ({ signal }): Promise<OrderPage> => {
      const { data, headers } = await requestWithHeaders<OrderSummary[]>('/checkout/admin/orders', {
        signal,
        query: { ...filterQuery(f), page: f.page, pageSize: ORDERS_PAGE_SIZE },
      });
      return { orders: data, total: Number(headers.get('X-Total-Count') ?? data.length) };
    },
    placeholderData: keepPreviousData,
    // Realtime refreshes the list (useAdminLive); polling only while it is down.
    refetchInterval: pollUnlessLive,
    refetchIntervalInBackground: false,
  });

export const setOrderStatus = (id: string, status: string, trackingNumber?: string, refund?: boolean, carrier?: string) =>
  api.put<OrderDetail>(`/checkout/admin/orders/${encodeURIComponent(id)}/status`, {
    status,
    ...(trackingNumber !== undefined ? { trackingNumber } : {}),
    ...(carrier !== undefined ? { carrier } : {}),
    ...(refund ? { refund: true } : {}),
  });

/** An admin's internal note (never shown to the customer). */
export const addOrderNote = (id: string, text: string) => api.post<OrderDetail>(`/checkout/admin/orders/${encodeURIComponent(id)}/notes`, { text });

/** The freight quote of an order placed with shipping quoted separately. */
export const setShippingQuote = (id: string, amount: number) =>
  api.post<OrderDetail>(`/checkout/admin/orders/${encodeURIComponent(id)}/shipping-quote`, { amount });

const orderPath = (id: string) => `/checkout/admin/orders/${encodeURIComponent(id)}`;

/** Money received for a bank transfer or invoice order. */
export const recordPayment = (id: string, body: { amount: number; paidAt?: string; note?: string }) =>
  api.post<OrderDetail>(`${orderPath(id)}/payments`, body);

/** A refund, in full or in part (card: through Stripe). */
export const refundOrder = (id: string, body: { amount: number; reason?: string }) =>
  api.post<OrderDetail>(`${orderPath(id)}/refunds`, body);

/** A bank transfer refund the shop has sent. */
export const markRefundSent = (id: string, refundId: string) =>
  api.post<OrderDetail>(`${orderPath(id)}/refunds/${encodeURIComponent(refundId)}/sent`);

/**
 * Downloads the CSV of the filtered orders (status and dates): one row per order line, or with
 * `shipping`, the shipping partner's one row per order with address and phone.
 */
export async function downloadOrdersCsv(f: OrderFilters, shipping = false) {
  const blob = await requestBlob(`/checkout/admin/orders/${shipping ? 'shipping' : 'export'}.csv`, { query: filterQuery(f) });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${shipping ? 'shipping' : 'orders'}${f.from ? '-' + f.from : ''}${f.to ? '-' + f.to : ''}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
