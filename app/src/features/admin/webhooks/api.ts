import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { Webhook, WebhookDelivery } from '../../../api/types';
import { webhookKeys } from '../../../api/queryKeys';

/** The events an endpoint may subscribe to (api.md "Staff, API keys and webhooks"). */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'order.status_changed',
  'order.cancelled',
  'refund.created',
  'return.requested',
  'quote.requested',
  'quote.accepted',
  'product.updated',
  'stock.low',
] as const;

export const webhookListQuery = () =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => api.get<Webhook[]>('/admin/webhooks', { signal }),
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  });

export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => api.get<WebhookDelivery[]>(`/admin/webhooks/${encodeURIComponent(id)}/deliveries`, { signal }),
  });

export const createWebhook = (body: { url: string; events: string[] }) => api.post<Webhook>('/admin/webhooks', body);
export const deleteWebhook = (id: string) => api.del<void>(`/admin/webhooks/${encodeURIComponent(id)}`);
export const testWebhook = (id: string) => api.post<WebhookDelivery>(`/admin/webhooks/${encodeURIComponent(id)}/test`);
