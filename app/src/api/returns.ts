import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { orderKeys } from './queryKeys';
import type { Return } from './types';

/** The reasons a customer chooses from (returns.Reasons). */
export const RETURN_REASONS = ['wrong_item', 'damaged', 'not_as_described', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** A return as the customer asks for it. */
export interface ReturnRequest {
  lines: { orderItemId: string; quantity: number; reason: ReturnReason }[];
  note?: string;
}

const path = (orderId: string) => `/checkout/orders/${encodeURIComponent(orderId)}/returns`;

/** An order's returns, oldest first. */
export const orderReturnsQuery = (orderId: string) =>
  queryOptions({
    queryKey: orderKeys.returns(orderId),
    queryFn: ({ signal }) => api.get<Return[]>(path(orderId), { signal }),
  });

/** Asks for a return; the new one joins the order's returns in the cache. */
export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnRequest) => api.post<Return>(path(orderId), body),
    onSuccess: (created) => {
      queryClient.setQueryData<Return[]>(orderKeys.returns(orderId), (old) => [...(old ?? []), created]);
    },
  });
}

/** Units of each order line still free to return: ordered less those in returns not rejected. */
export function returnableUnits(items: { id: string; quantity: number; hire?: unknown }[], returns: Return[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const it of items) out[it.id] = it.hire ? 0 : it.quantity;
  for (const r of returns) {
    if (r.status === 'rejected') continue;
    for (const l of r.lines) out[l.orderItemId] = Math.max(0, (out[l.orderItemId] ?? 0) - l.quantity);
  }
  return out;
}
