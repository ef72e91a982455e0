import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { adminRoot } from '../../../api/queryKeys';
import type { AuditPage } from '../../../api/wire.gen';
import { AUDIT_PAGE_SIZE, type AuditFilters } from './auditFilters';

export const auditListQuery = (f: AuditFilters) =>
  queryOptions({
    queryKey: [...adminRoot, 'audit', f] as const,
    queryFn: ({ signal }) =>
      api.get<AuditPage>('/admin/audit', {
        signal,
        query: {
          page: f.page,
          pageSize: AUDIT_PAGE_SIZE,
          actor: f.actor || undefined,
          action: f.action || undefined,
          target: f.target || undefined,
          from: f.from || undefined,
          to: f.to || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
