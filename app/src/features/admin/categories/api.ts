import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Category, Message } from '../../../api/types';
import { adminRoot } from '../../../api/queryKeys';
import { CATEGORIES, categoriesQuery } from '../../catalog/api';

/** The admin's categories (every one, hidden ones too). */
export const categoryKeys = {
  all: [...adminRoot, 'categories'] as const,
};

/** Body of POST/PUT /api/admin/categories. */
export interface CategoryPayload {
  name: string;
  nameLocalized: Record<string, string>;
  slug: string;
  sortOrder?: number;
  imageFileName: string;
  hidden: boolean;
}

export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: categoryKeys.all,
    queryFn: ({ signal }) => api.get<Category[]>('/admin/categories', { signal }),
  });

export const createCategory = (body: CategoryPayload) => api.post<Category>('/admin/categories', body);

export const updateCategory = ({ id, ...body }: CategoryPayload & { id: string }) =>
  api.put<Category>(`/admin/categories/${encodeURIComponent(id)}`, body);

export const deleteCategory = ({ id, moveTo }: { id: string; moveTo?: string }) =>
  api.del<Message>(`/admin/categories/${encodeURIComponent(id)}${moveTo ? `?moveTo=${encodeURIComponent(moveTo)}` : ''}`);

/** A category as its form and the reorder buttons send it back. */
export function payloadOf(c: Category): CategoryPayload {
  return { name: c.name, nameLocalized: { ...(c.nameLocalized ?? {}) }, slug: c.slug, imageFileName: c.imageFileName, hidden: c.hidden };
}

/**
 * The English names of every category (hidden ones too: an admin may file a product there), in
 * order; the shown ones, or the first four, while the admin list is not there.
 */
export function useAdminCategoryNames(): string[] {
  const admin = useQuery(adminCategoriesQuery());
  const shown = useQuery({ ...categoriesQuery(), enabled: !!admin.error });
  if (admin.data?.length) return admin.data.map((c) => c.name);
  return shown.data?.length ? shown.data : CATEGORIES;
}
