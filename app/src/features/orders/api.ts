import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { orderKeys } from '../../api/queryKeys';
import type { OrderDetail, OrderSummary } from '../../api/types';

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
