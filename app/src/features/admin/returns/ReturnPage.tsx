import { useState } from 'react';
import { Box, Button, Callout, Checkbox, Flex, Heading, Link, Spinner, Text } from '@radix-ui/themes';
import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { FormField } from '../../../components/FormField';
import { errorText } from '../../../i18n/errors';
import { usePrice } from '../../../lib/format';
import { resolveLocalized } from '../../../lib/localized';
import { ReturnStatusBadge } from '../../orders/OrderReturns';
import { LoadError } from '../components/LoadError';
import { adminReturnQuery, useReturnStep } from './api';

/** /admin/returns/{id}: approve or reject with a message, then receive line by line with restock. */
export function ReturnPage() {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const { returnId = '' } = useParams();
  const detail = useQuery(adminReturnQuery(returnId));
  const step = useReturnStep(returnId);
  const [message, setMessage] = useState('');
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const r = detail.data;
  const receive = () =>
    r && step.mutate({ status: 'received', message, lines: r.lines.map((l) => ({ orderItemId: l.orderItemId, restock: restock[l.orderItemId] ?? true })) });
  return (
    <Box>
      <Link asChild size="2">
        <RouterLink to="/admin/returns">
          <ArrowLeftIcon aria-hidden="true" /> {t('returns.back')}
        </RouterLink>
      </Link>
      {detail.isPending && (
        <Flex justify="center" py="8" role="status" aria-label={t('loading')}>
          <Spinner size="3" />
        </Flex>
      )}
      {detail.isError && <LoadError message={t('returns.loadError')} onRetry={() => void detail.refetch()} />}
      {r && (
        <Flex direction="column" gap="3" mt="2">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="6">
              {t('returns.detailTitle', { number: r.number })}
            </Heading>
            <ReturnStatusBadge status={r.status} />
          </Flex>
          <Text>
            {t('returns.ofOrder')}{' '}
            <Link asChild>
              <RouterLink to={`/admin/orders/${r.orderId}`}>{r.orderNumber}</RouterLink>
            </Link>
          </Text>
          {r.note && <Text color="gray">{t('returns.customerNote', { note: r.note })}</Text>}
          <Flex direction="column" gap="2" role="list" aria-label={t('returns.lines')}>
            {r.lines.map((l) => (
              <Flex key={l.orderItemId} role="listitem" className="return-card" justify="between" gap="3" wrap="wrap" align="center">
                <Box>
                  <Text weight="medium">{`${resolveLocalized(l.productName, i18n.language)} × ${l.quantity}`}</Text>
                  <Text as="p" size="2" color="gray">
                    {l.reason ? t(`account:returns.reasons.${l.reason}`) : ''}
                  </Text>
                </Box>
                {r.status === 'approved' && (
                  <Text as="label" size="2">
                    <Flex gap="2" align="center">
                      <Checkbox
                        checked={restock[l.orderItemId] ?? true}
                        onCheckedChange={(c) => setRestock((s) => ({ ...s, [l.orderItemId]: c === true }))}
                      />
                      {t('returns.restock')}
                    </Flex>
                  </Text>
                )}
                {r.status === 'received' && (
                  <Text size="2">
                    {price(l.refundAmount)} · {l.restock ? t('returns.restocked') : t('returns.notRestocked')}
                  </Text>
                )}
              </Flex>
            ))}
          </Flex>
          {r.status === 'received' && (
            <Text weight="bold">{t('returns.refunded', { amount: price(r.refundAmount), shipping: price(r.shippingAmount) })}</Text>
          )}
          {r.message && <Text>{t('returns.sentMessage', { message: r.message })}</Text>}
          {(r.status === 'requested' || r.status === 'approved') && (
            <Flex direction="column" gap="3">
              <FormField label={t('returns.message')} multiline rows={3} value={message} onChange={setMessage} />
              {step.isError && (
                <Callout.Root color="red" role="alert" size="1">
                  <Callout.Text>{errorText(t, step.error, 'admin:returns.failed')}</Callout.Text>
                </Callout.Root>
              )}
              <Flex gap="3" wrap="wrap">
                {r.status === 'requested' && (
                  <Button loading={step.isPending} onClick={() => step.mutate({ status: 'approved', message })}>
                    {t('returns.approve')}
                  </Button>
                )}
                {r.status === 'approved' && (
                  <Button loading={step.isPending} onClick={receive}>
                    {t('returns.receive')}
                  </Button>
                )}
                <Button color="red" variant="soft" disabled={step.isPending} onClick={() => step.mutate({ status: 'rejected', message })}>
                  {t('returns.reject')}
                </Button>
              </Flex>
            </Flex>
          )}
        </Flex>
      )}
    </Box>
  );
}
