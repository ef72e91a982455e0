import type { APIKey } from '../../../api/wire.gen';
import { useState } from 'react';
import { Badge, Button, Callout, Checkbox, Code, Flex, Heading, Spinner, Table, Text } from '@radix-ui/themes';
import { CopyIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { FitTable } from '../../../components/FitTable';
import { FormField } from '../../../components/FormField';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { formatDate } from '../../../lib/format';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';
import { API_KEY_SCOPES, apiKeyKeys, apiKeyListQuery, createApiKey, revokeApiKey } from './api';

/** The scope's translation key (orders:read -> orders_read). */
const scopeKey = (s: string) => `apiKeys.scopeNames.${s.replace(':', '_')}`;

/** The key just made: shown this once, with a copy button. */
function NewKey({ value }: { value: string }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const copy = () =>
    navigator.clipboard?.writeText(value).then(
      () => toast.success(t('apiKeys.copied')),
      () => toast.error(t('apiKeys.copyError'), TOAST_LONG),
    );
  return (
    <Callout.Root color="amber" role="status">
      <Callout.Text>{t('apiKeys.keyOnce')}</Callout.Text>
      <Flex gap="2" align="center" wrap="wrap">
        <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
        <Button type="button" size="1" variant="soft" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          {t('apiKeys.copy')}
        </Button>
      </Flex>
    </Callout.Root>
  );
}

/** The form of a new key: name, scopes and an optional expiry date (the end of that day, UTC). */
function CreateApiKey({ onCreated }: { onCreated: (key: string) => void }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (k) => {
      onCreated(k.key ?? '');
      setName('');
      setScopes([]);
      setExpires('');
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
    onError: (err) => {
      if (!isApiError(err) || !err.errors) toast.error(failureText(t, err, 'apiKeys.createError'), TOAST_LONG);
    },
  });
  const fieldErrors = isApiError(create.error) ? (create.error.errors ?? {}) : {};
  const toggle = (s: string, on: boolean) => setScopes((prev) => (on ? [...prev, s] : prev.filter((x) => x !== s)));
  return (
    <Flex direction="column" gap="3" asChild>
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          create.mutate({ name: name.trim(), scopes, ...(expires ? { expiresAt: `${expires}T23:59:59Z` } : {}) });
        }}
      >
        <FormField label={t('apiKeys.name')} value={name} onChange={setName} required maxLength={100} error={fieldErrors.name ? t('apiKeys.nameError') : null} />
        <fieldset className="plain-fieldset" aria-describedby={fieldErrors.scopes ? 'api-key-scopes-error' : undefined}>
          <legend>
            <Text size="2" weight="medium">
              {t('apiKeys.scopes')}
            </Text>
          </legend>
          <Flex gap="3" wrap="wrap">
            {API_KEY_SCOPES.map((s) => (
              <Text as="label" size="2" key={s}>
                <Flex gap="1" align="center">
                  <Checkbox checked={scopes.includes(s)} onCheckedChange={(v) => toggle(s, v === true)} />
                  {t(scopeKey(s))}
                </Flex>
              </Text>
            ))}
          </Flex>
          {fieldErrors.scopes && (
            <Text id="api-key-scopes-error" size="1" color="red">
              {t('apiKeys.scopesError')}
            </Text>
          )}
        </fieldset>
        <FormField
          label={t('apiKeys.expires')}
          type="date"
          value={expires}
          onChange={setExpires}
          hint={t('apiKeys.expiresHint')}
          error={fieldErrors.expiresAt ? t('apiKeys.expiresError') : null}
        />
        <Flex>
          <Button type="submit" loading={create.isPending} disabled={!name.trim() || scopes.length === 0}>
            {t('apiKeys.create')}
          </Button>
        </Flex>
      </form>
    </Flex>
  );
}

/** A key's state: revoked, expired or active. */
function KeyState({ k, now }: { k: APIKey; now: number }) {
  const { t } = useTranslation('admin');
  if (k.revokedAt) return <Badge color="red">{t('apiKeys.state.revoked')}</Badge>;
  if (k.expiresAt && new Date(k.expiresAt).getTime() <= now) return <Badge color="gray">{t('apiKeys.state.expired')}</Badge>;
  return <Badge color="green">{t('apiKeys.state.active')}</Badge>;
}

/** /admin/api-keys (Admin): make a key with scopes and an expiry (the key shown once), the keys with their last use and expiry, revoke. */
export function ApiKeysView() {
  const { t, i18n } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const list = useQuery(apiKeyListQuery());
  const [created, setCreated] = useState('');
  const [now] = useState(() => Date.now()); // a key expiring while the screen is open shows so on the next visit
  const [revoking, setRevoking] = useState<APIKey | null>(null);
  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
    onError: (err) => toast.error(failureText(t, err, 'apiKeys.revokeError'), TOAST_LONG),
  });
  const keys = list.data ?? [];
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="5">
        {t('apiKeys.title')}
      </Heading>
      <Text size="2" color="gray">
        {t('apiKeys.help')}
      </Text>
      {created && <NewKey value={created} />}
      <CreateApiKey onCreated={setCreated} />
      {list.isError && <LoadError message={failureText(t, list.error, 'apiKeys.loadError')} onRetry={() => void list.refetch()} />}
      {list.isPending ? (
        <Spinner />
      ) : keys.length === 0 ? (
        <Text color="gray">{t('apiKeys.empty')}</Text>
      ) : (
        <FitTable size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('apiKeys.columns.key')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('apiKeys.columns.used')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('apiKeys.columns.actions')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {keys.map((k) => (
              <Table.Row key={k.id}>
                <Table.Cell>
                  <Text as="div" weight="medium" style={{ overflowWrap: 'anywhere' }}>
                    {k.name}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    <Code size="1">{k.prefix}…</Code> · {k.scopes.map((s) => t(scopeKey(s), { defaultValue: s })).join(', ')}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <Flex direction="column" gap="1" align="start">
                    <KeyState k={k} now={now} />
                    <Text size="1">{t('apiKeys.lastUsed', { date: k.lastUsedAt ? formatDate(k.lastUsedAt, i18n.language, true) : t('apiKeys.never') })}</Text>
                    <Text size="1" color="gray">
                      {k.expiresAt ? t('apiKeys.expiresOn', { date: formatDate(k.expiresAt, i18n.language, true) }) : t('apiKeys.noExpiry')}
                    </Text>
                  </Flex>
                </Table.Cell>
                <Table.Cell>
                  {!k.revokedAt && (
                    <Button size="1" variant="soft" color="red" onClick={() => setRevoking(k)} aria-label={t('apiKeys.revokeNamed', { name: k.name })}>
                      {t('apiKeys.revoke')}
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </FitTable>
      )}
      <ConfirmDialog
        open={!!revoking}
        title={t('apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
        description={t('apiKeys.revokeConfirm')}
        confirmLabel={t('apiKeys.revoke')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onCancel={() => setRevoking(null)}
      />
    </Flex>
  );
}
