import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { OrderSummary, Overview, Product, RoleChangeList, User, UserList } from '../../../api/types';
import { insightKeys } from '../../../api/queryKeys';

/** The periods the overview offers (days, UTC dates up to today). */
export const OVERVIEW_DAYS = [7, 30, 90] as const;
export type OverviewDays = (typeof OVERVIEW_DAYS)[number];
export const DEFAULT_OVERVIEW_DAYS: OverviewDays = 30;
export const USERS_PAGE_SIZE = 20;
export const ROLE_CHANGES_PAGE_SIZE = 10;

/** GET /api/admin/overview (docs/api.md, Admin overview and customers). */
export interface UserFilters {
  search: string;
  page: number;
}

export const overviewQuery = (days: number) =>
  queryOptions({
    queryKey: insightKeys.overviewFor(days),
    queryFn: ({ signal }) => api.get<Overview>('/admin/overview', { signal, query: { days } }),
    placeholderData: keepPreviousData,
    // New orders raise the figures: refresh like the orders list does.
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
  });

export const usersQuery = (f: UserFilters) =>
  queryOptions({
    queryKey: insightKeys.userList(f),
    queryFn: ({ signal }) =>
      api.get<UserList>('/admin/users', {
        signal,
        query: { page: f.page, pageSize: USERS_PAGE_SIZE, search: f.search.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const userOrdersQuery = (id: string) =>
  queryOptions({
    queryKey: insightKeys.userOrders(id),
    queryFn: ({ signal }) => api.get<OrderSummary[]>(`/admin/users/${encodeURIComponent(id)}/orders`, { signal }),
  });

export const roleChangesQuery = (page: number) =>
  queryOptions({
    queryKey: insightKeys.roleChangeList(page),
    queryFn: ({ signal }) =>
      api.get<RoleChangeList>('/admin/role-changes', { signal, query: { page, pageSize: ROLE_CHANGES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const insightApi = {
  setRoles: (id: string, roles: string[]) => api.put<User>(`/admin/users/${encodeURIComponent(id)}/roles`, { roles }),
  setTaxExempt: (id: string, taxExempt: boolean) => api.put<User>(`/admin/users/${encodeURIComponent(id)}/tax-exempt`, { taxExempt }),
  /** The product update takes partial bodies: only the stock changes. */
  /**
   * Sets one variant's stock. A product with one variant takes it as its own; with several, the
   * product's variants are sent by id (left-out members keep their values) with this one's new stock.
   */
  setStock: async (id: string, variantId: string, stockQuantity: number) => {
    const path = `/products/${encodeURIComponent(id)}`;
    const product = await api.get<Product>(path);
    const variants = product.variants ?? [];
    if (variants.length <= 1) return api.put<Product>(path, { stockQuantity });
    return api.put<Product>(path, { variants: variants.map((v) => (v.id === variantId ? { id: v.id, stockQuantity } : { id: v.id })) });
  },
};
