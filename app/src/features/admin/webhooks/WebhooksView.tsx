import type { Webhook, WebhookDelivery } from '../../../api/types';
import { useState } from 'react';
import { Badge, Button, Callout, Checkbox, Code, Flex, Heading, Spinner, Table, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FitTable } from '../../../components/FitTable';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { formatDate } from '../../../lib/format';
import { webhookKeys } from '../../../api/queryKeys';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';
import { WEBHOOK_EVENTS, createWebhook, deleteWebhook, testWebhook, webhookDeliveriesQuery, webhookListQuery } from './api';

const STATE_COLOR = { active: 'green', failing: 'amber', paused: 'red' } as const;

/** The form of a new endpoint; the secret of the one made is shown once, above it. */
function CreateWebhook() {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [secret, setSecret] = useState('');
  const create = useMutation({
    mutationFn: createWebhook,
    onSuccess: (w) => {
      setSecret(w.secret ?? '');
      setUrl('');
      setEvents([]);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
    onError: (err) => toast.error(failureText(t, err, 'webhooks.createError'), TOAST_LONG),
  });
  const toggle = (e: string, on: boolean) => setEvents((prev) => (on ? [...prev, e] : prev.filter((x) => x !== e)));
  return (
    <Flex direction="column" gap="3" asChild>
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          create.mutate({ url: url.trim(), events });
        }}
      >
        {secret && (
          <Callout.Root color="amber" role="status">
            <Callout.Text>{t('webhooks.secretOnce')}</Callout.Text>
            <Code style={{ overflowWrap: 'anywhere' }}>{secret}</Code>
          </Callout.Root>
        )}
        <label>
          <Text as="div" size="2" weight="medium" mb="1">
            {t('webhooks.url')}
          </Text>
          <TextField.Root type="url" inputMode="url" required placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} />
        </label>
        <fieldset className="plain-fieldset">
          <Text as="div" size="2" weight="medium" mb="1">
            {t('webhooks.events')}
          </Text>
          <Flex gap="3" wrap="wrap">
            {WEBHOOK_EVENTS.map((e) => (
              <Text as="label" size="2" key={e}>
                <Flex gap="1" align="center">
                  <Checkbox checked={events.includes(e)} onCheckedChange={(v) => toggle(e, v === true)} />
                  {t(`webhooks.eventNames.${e.replace('.', '_')}`)}
                </Flex>
              </Text>
            ))}
          </Flex>
        </fieldset>
        <Flex>
          <Button type="submit" disabled={create.isPending || !url.trim() || events.length === 0}>
            {t('webhooks.create')}
          </Button>
        </Flex>
      </form>
    </Flex>
  );
}

/** One endpoint: its URL, events, state with the last error, and its actions. */
function WebhookRow({ hook, onLog, onTest, onDelete, busy }: { hook: Webhook; onLog: () => void; onTest: () => void; onDelete: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Table.Row>
      <Table.Cell>
        <Text as="div" weight="medium" style={{ overflowWrap: 'anywhere' }}>
          {hook.url}
        </Text>
        <Text as="div" size="1" color="gray">
          {hook.events.map((e) => t(`webhooks.eventNames.${e.replace('.', '_')}`, { defaultValue: e })).join(', ')}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Badge color={STATE_COLOR[hook.state as keyof typeof STATE_COLOR] ?? 'gray'}>{t(`webhooks.state.${hook.state}`, { defaultValue: hook.state })}</Badge>
        {hook.state === 'failing' && hook.failingSince && (
          <Text as="div" size="1" color="amber">
            {t('webhooks.failingSince', { date: formatDate(hook.failingSince, i18n.language, true) })}
          </Text>
        )}
        {hook.state === 'paused' && (
          <Text as="div" size="1" color="red">
            {t('webhooks.pausedHelp')}
          </Text>
        )}
        {hook.lastError && hook.state !== 'active' && (
          <Text as="div" size="1" color="red" style={{ overflowWrap: 'anywhere' }}>
            {hook.lastError}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Flex gap="2" wrap="wrap">
          <Button size="1" variant="soft" onClick={onLog}>
            {t('webhooks.deliveries')}
          </Button>
          <Button size="1" variant="soft" onClick={onTest} disabled={busy}>
            {t('webhooks.sendTest')}
          </Button>
          <Button size="1" variant="soft" color="red" onClick={onDelete}>
            {t('actions.delete')}
          </Button>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

/** The last deliveries to an endpoint, each with its attempts' status codes and answers. */
function Deliveries({ id }: { id: string }) {
  const { t, i18n } = useTranslation('admin');
  const list = useQuery(webhookDeliveriesQuery(id));
  if (list.isPending) return <Spinner />;
  if (list.isError) return <LoadError message={failureText(t, list.error, 'webhooks.loadError')} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <Text color="gray">{t('webhooks.noDeliveries')}</Text>;
  return (
    <FitTable size="1">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{t('webhooks.columns.event')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('webhooks.columns.status')}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>{t('webhooks.columns.attempts')}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.data.map((d: WebhookDelivery) => (
          <Table.Row key={d.id}>
            <Table.Cell>
              <Text as="div">{d.type}</Text>
              <Text as="div" size="1" color="gray">
                {formatDate(d.created, i18n.language, true)}
              </Text>
            </Table.Cell>
            <Table.Cell>{t(`webhooks.delivery.${d.status}`, { defaultValue: d.status })}</Table.Cell>
            <Table.Cell>
              {d.attempts.map((a, i) => (
                <Text as="div" size="1" key={i} style={{ overflowWrap: 'anywhere' }}>
                  {formatDate(a.at, i18n.language, true)} · {a.statusCode || '—'} {a.error || a.answer}
                </Text>
              ))}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </FitTable>
  );
}

/** /admin/webhooks: the endpoints with their state, a new one (secret shown once), delete, the delivery log and a test event. */
export function WebhooksView() {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const list = useQuery(webhookListQuery());
  const [log, setLog] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const test = useMutation({
    mutationFn: testWebhook,
    onSuccess: (d, id) => {
      if (d.status === 'delivered') toast.success(t('webhooks.testSent'), TOAST_LONG);
      else toast.error(t('webhooks.testFailed', { reason: d.attempts.at(-1)?.error || d.attempts.at(-1)?.statusCode || '' }), TOAST_LONG);
      setLog(id);
      refresh();
    },
    onError: (err) => toast.error(failureText(t, err, 'webhooks.testError'), TOAST_LONG),
  });
  const remove = useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => {
      setDeleting(null);
      if (log === deleting) setLog(null);
      refresh();
    },
    onError: (err) => toast.error(failureText(t, err, 'webhooks.deleteError'), TOAST_LONG),
  });
  const hooks = list.data ?? [];
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="5">
        {t('webhooks.title')}
      </Heading>
      <Text size="2" color="gray">
        {t('webhooks.help')}
      </Text>
      <CreateWebhook />
      {list.isError && <LoadError message={failureText(t, list.error, 'webhooks.loadError')} onRetry={() => void list.refetch()} />}
      {list.isPending ? (
        <Spinner />
      ) : hooks.length === 0 ? (
        <Text color="gray">{t('webhooks.empty')}</Text>
      ) : (
        <FitTable size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('webhooks.columns.endpoint')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('webhooks.columns.state')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('webhooks.columns.actions')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {hooks.map((h) => (
              <WebhookRow key={h.id} hook={h} busy={test.isPending} onLog={() => setLog(h.id)} onTest={() => test.mutate(h.id)} onDelete={() => setDeleting(h.id)} />
            ))}
          </Table.Body>
        </FitTable>
      )}
      {log && (
        <Flex direction="column" gap="2">
          <Heading as="h3" size="3">
            {t('webhooks.deliveriesOf', { url: hooks.find((h) => h.id === log)?.url ?? '' })}
          </Heading>
          <Deliveries id={log} />
        </Flex>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('webhooks.deleteTitle')}
        description={t('webhooks.deleteConfirm')}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Flex>
  );
}
