import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Promotion } from '../../../api/types';
import { promotionKeys } from '../../../api/queryKeys';

/** Body of POST/PUT /api/admin/promotions (the contract's promotion without its counts). */
export type PromotionPayload = Omit<Promotion, 'id' | 'timesUsed' | 'orders' | 'revenue' | 'discounted' | 'createdAt' | 'name'> & {
  name: Record<string, string>;
};

export const promotionsQuery = () =>
  queryOptions({
    queryKey: promotionKeys.list,
    queryFn: ({ signal }) => api.get<Promotion[]>('/admin/promotions', { signal }),
  });

/** The promotions that name a product or its category (the product's admin page). */
export const productPromotionsQuery = (productId: string, categoryId: string) =>
  queryOptions({
    queryKey: promotionKeys.forProduct(productId, categoryId),
    queryFn: ({ signal }) => api.get<Promotion[]>('/admin/promotions', { signal, query: { productId, categoryId: categoryId || undefined } }),
  });

/** A promotion as the form and the row's actions send it back. */
export function payloadOf(p: Promotion): PromotionPayload {
  return {
    code: p.code,
    automatic: p.automatic,
    name: { ...(p.name ?? {}) },
    kind: p.kind,
    value: p.value,
    target: p.target,
    productIds: [...p.productIds],
    categoryIds: [...p.categoryIds],
    minSubtotal: p.minSubtotal,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    usageLimit: p.usageLimit,
    perCustomerLimit: p.perCustomerLimit,
    combinable: p.combinable,
    isActive: p.isActive,
  };
}

/** Saves a new promotion (no id) or changes one; every promotion list refetches. */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PromotionPayload }) =>
      id ? api.put<Promotion>(`/admin/promotions/${encodeURIComponent(id)}`, body) : api.post<Promotion>('/admin/promotions', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

/** Deletes a promotion; every promotion list refetches. */
export function useDeletePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del<void>(`/admin/promotions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

/** Where a promotion stands now: paused, not started, ended, used up or running. */
export type PromotionState = 'paused' | 'scheduled' | 'ended' | 'usedUp' | 'running';

export function promotionState(p: Promotion, now = Date.now()): PromotionState {
  if (!p.isActive) return 'paused';
  if (p.startsAt && Date.parse(p.startsAt) > now) return 'scheduled';
  if (p.endsAt && Date.parse(p.endsAt) <= now) return 'ended';
  if (p.usageLimit > 0 && p.timesUsed >= p.usageLimit) return 'usedUp';
  return 'running';
}
