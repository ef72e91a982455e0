import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { AdminPage } from '../../../api/types';
import { adminKeys } from '../../../api/queryKeys';


/** Every page with its Markdown sources (GET /api/admin/pages). */
export const adminPagesQuery = () =>
  queryOptions({ queryKey: adminKeys.pages, queryFn: ({ signal }) => api.get<AdminPage[]>('/admin/pages', { signal }) });

export interface PageDraft {
  slug: string;
  sortOrder: string;
  title: Record<string, string>;
  source: Record<string, string>;
}

export const savePage = (draft: PageDraft, existing: boolean) => {
  const body = { slug: draft.slug, title: filled(draft.title), source: filled(draft.source), sortOrder: Number(draft.sortOrder) || 0 };
  return existing ? api.put<AdminPage>(`/admin/pages/${encodeURIComponent(draft.slug)}`, body) : api.post<AdminPage>('/admin/pages', body);
};

export const deletePage = (slug: string) => api.del<{ message: string }>(`/admin/pages/${encodeURIComponent(slug)}`);

function filled(t: Record<string, string>) {
  return Object.fromEntries(Object.entries(t).filter(([, v]) => v.trim()));
}
