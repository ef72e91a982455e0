import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Category, Message, UploadedImage } from '../../../api/types';
import { CATEGORIES, categoriesQuery } from '../../../api/catalog';
import { adminKeys } from '../../../api/queryKeys';

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
    queryKey: adminKeys.categories,
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

/** A category's picture: what POST /api/upload/image takes (the product images' rules, spec section 9). */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp';
const PICTURE_MAX_BYTES = 5242880;

/** Why a file cannot be a picture, or null. */
export function pictureProblem(file: File): 'type' | 'size' | null {
  if (file.type && !['image/jpeg', 'image/png', 'image/gif', 'image/webp'].includes(file.type)) return 'type';
  return file.size > PICTURE_MAX_BYTES ? 'size' : null;
}

/** Uploads a picture and answers its stored name. */
export async function uploadPicture(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<UploadedImage>('/upload/image', form)).fileName;
}
