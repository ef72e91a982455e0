import type { EmailSummary } from '../../../api/types';
import { useState } from 'react';
import { Badge, Button, Flex, Heading, Select, Spinner, Table, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FitTable } from '../../../components/FitTable';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { formatDate } from '../../../lib/format';
import { LoadError } from '../components/LoadError';
import { Pager } from '../components/Pager';
import { failureText } from '../messages';
import { EMAIL_STATUSES, EMAILS_PAGE_SIZE, NOT_RESENDABLE_KINDS, emailListQuery, resendEmail } from './api';
import { EmailPreviewDialog } from './EmailPreviewDialog';
import { emailKeys } from '../../../api/queryKeys';

const ALL = 'all';
const STATUS_COLOR = { queued: 'amber', sent: 'green', failed: 'red' } as const;

function EmailRow({ email, onPreview, onResend, busy }: { email: EmailSummary; onPreview: () => void; onResend: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const color = STATUS_COLOR[email.status as keyof typeof STATUS_COLOR] ?? 'gray';
  return (
    <Table.Row>
      <Table.Cell>
        <Text as="div" weight="medium" style={{ overflowWrap: 'anywhere' }}>
          {email.subject}
        </Text>
        <Text as="div" size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
          {email.to} · {t(`emails.kinds.${email.kind}`, { defaultValue: email.kind })} · {email.language}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <Badge color={color}>{t(`emails.status.${email.status}`, { defaultValue: email.status })}</Badge>
        {email.lastError && (
          <Text as="div" size="1" color="red" style={{ overflowWrap: 'anywhere' }}>
            {email.lastError}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>{email.attempts}</Table.Cell>
      <Table.Cell>{formatDate(email.sentAt || email.createdAt, i18n.language, true)}</Table.Cell>
      <Table.Cell>
        <Flex gap="2" wrap="wrap">
          <Button size="1" variant="soft" onClick={onPreview}>
            {t('emails.previewButton')}
          </Button>
          {NOT_RESENDABLE_KINDS.includes(email.kind) ? (
            <Text size="1" color="gray">
              {t('emails.notResendable')}
            </Text>
          ) : (
            <Button size="1" variant="soft" color="gray" onClick={onResend} disabled={busy}>
              {t('emails.resend')}
            </Button>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

/** The e-mail outbox: status filter, attempts, last error, preview and resend. */
export function EmailsView() {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = (EMAIL_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as string) : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [preview, setPreview] = useState<string | null>(null);
  const list = useQuery(emailListQuery(status, page));
  const resend = useMutation({
    mutationFn: resendEmail,
    onSuccess: () => {
      toast.success(t('emails.resent'), TOAST_LONG);
      void queryClient.invalidateQueries({ queryKey: emailKeys.all });
    },
    onError: (err) => toast.error(failureText(t, err, 'emails.resendError'), TOAST_LONG),
  });
  const setFilter = (next: { status?: string; page?: number }) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      const s = next.status ?? status;
      if (s) p.set('status', s);
      else p.delete('status');
      const pg = next.page ?? 1;
      if (pg > 1) p.set('page', String(pg));
      else p.delete('page');
      return p;
    });
  const emails = list.data?.emails ?? [];

  return (
    <Flex direction="column" gap="3">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="5">
          {t('emails.title')}
        </Heading>
        <Select.Root value={status || ALL} onValueChange={(v) => setFilter({ status: v === ALL ? '' : v })}>
          <Select.Trigger aria-label={t('emails.filter')} />
          <Select.Content>
            <Select.Item value={ALL}>{t('emails.allStatuses')}</Select.Item>
            {EMAIL_STATUSES.map((s) => (
              <Select.Item key={s} value={s}>
                {t(`emails.status.${s}`)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      <Text size="2" color="gray">
        {t('emails.help')}
      </Text>
      {list.isError && <LoadError message={failureText(t, list.error, 'emails.loadError')} onRetry={() => void list.refetch()} />}
      {list.isPending ? (
        <Spinner />
      ) : emails.length === 0 ? (
        <Text color="gray">{t('emails.empty')}</Text>
      ) : (
        <FitTable size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('emails.columns.email')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('emails.columns.status')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('emails.columns.attempts')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('emails.columns.date')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('emails.columns.actions')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {emails.map((e) => (
              <EmailRow key={e.id} email={e} onPreview={() => setPreview(e.id)} onResend={() => resend.mutate(e.id)} busy={resend.isPending} />
            ))}
          </Table.Body>
        </FitTable>
      )}
      <Pager page={page} pageSize={EMAILS_PAGE_SIZE} totalCount={list.data?.pagination.totalCount ?? 0} onPage={(p) => setFilter({ page: p })} />
      <EmailPreviewDialog id={preview} onClose={() => setPreview(null)} />
    </Flex>
  );
}
