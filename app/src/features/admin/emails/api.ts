import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { EmailDetail, EmailList } from '../../../api/types';
import { emailKeys } from '../../../api/queryKeys';

export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export const EMAILS_PAGE_SIZE = 20;

/** Kinds that carry a one-time link only their recipient ever sees: the server refuses to resend them. */
export const NOT_RESENDABLE_KINDS: readonly string[] = ['password_reset'];

export const emailListQuery = (status: string, page: number) =>
  queryOptions({
    queryKey: emailKeys.list(status, page),
    queryFn: ({ signal }) =>
      api.get<EmailList>('/admin/emails', { signal, query: { page, pageSize: EMAILS_PAGE_SIZE, status: status || undefined } }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
  });

export const emailDetailQuery = (id: string) =>
  queryOptions({
    queryKey: emailKeys.detail(id),
    queryFn: ({ signal }) => api.get<EmailDetail>(`/admin/emails/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

export const resendEmail = (id: string) => api.post<EmailDetail>(`/admin/emails/${encodeURIComponent(id)}/resend`);
