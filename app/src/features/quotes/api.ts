import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, requestBlob } from '../../api/client';
import { orderKeys, quoteKeys } from '../../api/queryKeys';
import type { OrderDetail, PaymentMethod, Quote } from '../../api/types';
import type { requestBody } from './quoteModel';

/** Refusals after which the quote on the page is out of date. */
const STALE = new Set(['quote_changed', 'quote_expired', 'quote_not_open']);

const path = (id: string) => `/quotes/${encodeURIComponent(id)}`;

/** The customer's quotes, newest first. */
export const myQuotesQuery = () =>
  queryOptions({ queryKey: quoteKeys.mine, queryFn: ({ signal }) => api.get<Quote[]>('/quotes', { signal }) });

/** One of the customer's quotes (its latest revision). */
export const quoteQuery = (id: string) =>
  queryOptions({ queryKey: quoteKeys.detail(id), queryFn: ({ signal }) => api.get<Quote>(path(id), { signal }), retry: false });

/** Asks for a quote; the new one joins the list. */
export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnType<typeof requestBody>) => api.post<Quote>('/quotes', body),
    onSuccess: (q) => {
      queryClient.setQueryData(quoteKeys.detail(q.id), q);
      void queryClient.invalidateQueries({ queryKey: quoteKeys.mine });
    },
  });
}

/** Accepts the revision seen; the new order is among the customer's orders at once. */
export function useAcceptQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { revision: number; paymentMethod: PaymentMethod; poNumber: string }) => api.post<OrderDetail>(`${path(id)}/accept`, body),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: quoteKeys.all });
    },
    // Changed, expired or closed since it was opened: the page shows the quote as it is now.
    onError: (err) => {
      if (isApiError(err) && STALE.has(err.code)) void queryClient.invalidateQueries({ queryKey: quoteKeys.detail(id) });
    },
  });
}

/** Declines the quote with an optional reason. */
export function useDeclineQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<Quote>(`${path(id)}/decline`, { reason }),
    onSuccess: (q) => {
      queryClient.setQueryData(quoteKeys.detail(id), q);
      void queryClient.invalidateQueries({ queryKey: quoteKeys.mine });
    },
  });
}

/** The printable document (HTML in the customer's language), read with the bearer token. */
export const quoteDocument = (id: string) => requestBlob(`${path(id)}/document`);
