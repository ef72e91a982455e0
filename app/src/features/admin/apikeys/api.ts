import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { adminRoot } from '../../../api/queryKeys';
import type { APIKey, APIKeyInput } from '../../../api/wire.gen';

/** The scopes a key may have (api.md "Staff, API keys and webhooks"). */
export const API_KEY_SCOPES = ['orders:read', 'orders:write', 'products:read', 'products:write', 'customers:read'] as const;

/** The Admin's API keys. */
export const apiKeyKeys = {
  all: [...adminRoot, 'apiKeys'] as const,
};

export const apiKeyListQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => api.get<APIKey[]>('/admin/api-keys', { signal }),
  });

export const createApiKey = (body: APIKeyInput) => api.post<APIKey>('/admin/api-keys', body);
export const revokeApiKey = (id: string) => api.del<void>(`/admin/api-keys/${encodeURIComponent(id)}`);
