import { useState } from 'react';
import { Badge, Button, Flex, Heading, Spinner, Table, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '../../../api/wire.gen';
import { FitTable } from '../../../components/FitTable';
import { NativeSelect } from '../../../components/NativeSelect';
import { formatDate } from '../../../lib/format';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import { failureText } from '../messages';
import { auditListQuery } from './api';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, auditChanges, auditSearchParams, auditValue, readAuditFilters, type AuditFilters } from './auditFilters';

function Changes({ entry }: { entry: AuditEntry }) {
  const { i18n } = useTranslation('admin');
  const changes = auditChanges(entry);
  if (changes.length === 0) return <Text color="gray">—</Text>;
  return (
    <ul className="plain-list">
      {changes.map((c) => (
        <li key={c.field} style={{ overflowWrap: 'anywhere' }}>
          <Text size="1" color="gray">
            {c.field}:{' '}
          </Text>
          <Text size="1">
            {c.before !== undefined && c.after !== undefined
              ? `${auditValue(c.field, c.before, i18n.language)} → ${auditValue(c.field, c.after, i18n.language)}`
              : auditValue(c.field, c.after ?? c.before ?? '', i18n.language)}
          </Text>
        </li>
      ))}
    </ul>
  );
}

/** The filters: who, what, on what and when; kept in the URL (Enter or Apply sets the texts). */
function AuditFiltersForm({ value, onChange }: { value: AuditFilters; onChange: (f: AuditFilters) => void }) {
  const { t } = useTranslation('admin');
  const [actor, setActor] = useState(value.actor);
  const [target, setTarget] = useState(value.target);
  const set = (patch: Partial<AuditFilters>) => onChange({ ...value, actor, target, ...patch, page: 1 });
  return (
    <Flex gap="3" wrap="wrap" align="end" asChild>
      <form
        role="search"
        aria-label={t('audit.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          set({});
        }}
      >
        <Flex direction="column" gap="1" flexGrow="1" minWidth="160px">
          <Text as="label" size="1" htmlFor="audit-actor">
            {t('audit.actor')}
          </Text>
          <TextField.Root id="audit-actor" value={actor} maxLength={200} onChange={(e) => setActor(e.target.value)} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="1" htmlFor="audit-action">
            {t('audit.action')}
          </Text>
          <NativeSelect id="audit-action" value={value.action} onChange={(e) => set({ action: e.target.value })}>
            <option value="">{t('audit.allActions')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(`audit.actions.${a.replace('.', '_')}`)}
              </option>
            ))}
          </NativeSelect>
        </Flex>
        <Flex direction="column" gap="1" flexGrow="1" minWidth="160px">
          <Text as="label" size="1" htmlFor="audit-target">
            {t('audit.target')}
          </Text>
          <TextField.Root id="audit-target" value={target} maxLength={200} onChange={(e) => setTarget(e.target.value)} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="1" htmlFor="audit-from">
            {t('audit.from')}
          </Text>
          <TextField.Root id="audit-from" type="date" value={value.from} onChange={(e) => set({ from: e.target.value })} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="1" htmlFor="audit-to">
            {t('audit.to')}
          </Text>
          <TextField.Root id="audit-to" type="date" value={value.to} onChange={(e) => set({ to: e.target.value })} />
        </Flex>
        <Flex gap="2">
          <Button type="submit">{t('audit.apply')}</Button>
          <Button
            type="button"
            variant="soft"
            color="gray"
            onClick={() => {
              setActor('');
              setTarget('');
              onChange({ actor: '', action: '', target: '', from: '', to: '', page: 1 });
            }}
          >
            {t('audit.clear')}
          </Button>
        </Flex>
      </form>
    </Flex>
  );
}

/** /admin/audit (Admin): who did what and when, newest first, with filters in the URL. */
export function AuditView() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const list = useQuery(auditListQuery(filters));
  const setFilters = (f: AuditFilters) => setParams(auditSearchParams(f));
  const entries = list.data?.entries ?? [];
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="5">
        {t('audit.title')}
      </Heading>
      <Text size="2" color="gray">
        {t('audit.help')}
      </Text>
      <AuditFiltersForm key={`${filters.actor}\n${filters.target}`} value={filters} onChange={setFilters} />
      {list.isError && <LoadError message={failureText(t, list.error, 'audit.loadError')} onRetry={() => void list.refetch()} />}
      {list.isPending ? (
        <Spinner />
      ) : entries.length === 0 ? (
        <Text color="gray">{t('audit.empty')}</Text>
      ) : (
        <FitTable size="1" actions={false} aria-busy={list.isFetching}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('audit.columns.action')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('audit.columns.when')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('audit.columns.who')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('audit.columns.target')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('audit.columns.changes')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((e) => (
              <Table.Row key={e.id}>
                <Table.Cell>
                  <Badge color="gray">{t(`audit.actions.${e.action.replace('.', '_')}`, { defaultValue: e.action })}</Badge>
                </Table.Cell>
                <Table.Cell>{formatDate(e.at, i18n.language, true)}</Table.Cell>
                <Table.Cell className="fit-break">
                  {e.actorKind === 'user' ? e.actor : t(`audit.actorKinds.${e.actorKind}`, { defaultValue: e.actor, name: e.actor.replace(/^(API key|superuser) ?/, '') })}
                </Table.Cell>
                <Table.Cell className="fit-break">{e.target || '—'}</Table.Cell>
                <Table.Cell>
                  <Changes entry={e} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </FitTable>
      )}
      <Pager page={filters.page} pageSize={AUDIT_PAGE_SIZE} totalCount={list.data?.pagination.totalCount ?? 0} onPage={(page) => setFilters({ ...filters, page })} />
    </Flex>
  );
}
