import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { adminKeys, orderKeys } from '../../../api/queryKeys';
import type { OrderDetail, RefundQuote, Return } from '../../../api/types';

/** The admin's returns, by status ("" all). */
export const adminReturnsQuery = (status: string) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'returns', 'list', status] as const,
    queryFn: ({ signal }) => api.get<Return[]>(`/admin/returns${status ? `?status=${encodeURIComponent(status)}` : ''}`, { signal }),
  });

export const adminReturnQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'returns', 'detail', id] as const,
    queryFn: ({ signal }) => api.get<Return>(`/admin/returns/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

/** A step of a return: approve, reject (with a message) or receive (restock per line). */
export interface ReturnStep {
  status: 'approved' | 'rejected' | 'received';
  message?: string;
  lines?: { orderItemId: string; restock: boolean }[];
}

/** Takes a return a step; the answer replaces it, the lists and its order refetch (the refund). */
export function useReturnStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: ReturnStep) => api.put<Return>(`/admin/returns/${encodeURIComponent(id)}`, step),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminReturnQuery(id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'returns', 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.order(updated.orderId) });
    },
  });
}

/** A refund by line as the admin asks it. */
export interface LinesRefund {
  lines: { orderItemId: string; quantity: number; restock: boolean }[];
  shipping: boolean;
  reason?: string;
}

const refundsPath = (orderId: string) => `/checkout/admin/orders/${encodeURIComponent(orderId)}/refunds`;

/** What the server would refund for the lines (nothing changes). */
export function useRefundQuote(orderId: string) {
  return useMutation({ mutationFn: (body: LinesRefund) => api.post<RefundQuote>(`${refundsPath(orderId)}/quote`, body) });
}

/** Refunds lines; the order's answer goes into its cache. */
export function useRefundLines(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinesRefund) => api.post<OrderDetail>(refundsPath(orderId), body),
    onSuccess: (order) => {
      queryClient.setQueryData(adminKeys.order(orderId), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.returns(orderId) });
    },
  });
}
