import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { OrderDetail, OrderSummary } from '../../api/types';

export const orderKeys = {
  all: ['orders'] as const,
  mine: ['orders', 'mine'] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

export const myOrdersQuery = () =>
  queryOptions({
    queryKey: orderKeys.mine,
    queryFn: ({ signal }) => api.get<OrderSummary[]>('/checkout/orders', { signal }),
  });

export const orderDetailQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrderDetail>(`/checkout/orders/${encodeURIComponent(id)}`, { signal }),
    staleTime: 30_000,
  });
