import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { adminQuoteKeys } from '../../../api/queryKeys';
import type { Quote } from '../../../api/types';
import type { updateBody } from './editorModel';

const path = (id: string) => `/admin/quotes/${encodeURIComponent(id)}`;

/** The quotes by status ("" every one), newest first. */
export const adminQuotesQuery = (status: string) =>
  queryOptions({
    queryKey: adminQuoteKeys.list(status),
    queryFn: ({ signal }) => api.get<Quote[]>('/admin/quotes', { signal, query: { status: status || undefined } }),
  });

export const adminQuoteQuery = (id: string) =>
  queryOptions({ queryKey: adminQuoteKeys.detail(id), queryFn: ({ signal }) => api.get<Quote>(path(id), { signal }), retry: false });

/** The answer replaces the quote in the editor; the lists refetch. */
function useQuoteWrite<A>(id: string, write: (arg: A) => Promise<Quote>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (q) => {
      queryClient.setQueryData(adminQuoteKeys.detail(id), q);
      void queryClient.invalidateQueries({ queryKey: adminQuoteKeys.lists });
    },
  });
}

/** Saves the draft as a new revision. */
export const useSaveQuote = (id: string) => useQuoteWrite(id, (body: ReturnType<typeof updateBody>) => api.put<Quote>(path(id), body));

/** Sends the quote to the customer (its revision stays). */
export const useSendQuote = (id: string) => useQuoteWrite(id, () => api.post<Quote>(`${path(id)}/send`));
