import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderReturnsQuery, returnableUnits } from '../../api/returns';
import type { OrderDetail, Return } from '../../api/types';
import { usePrice } from '../../lib/format';
import { resolveLocalized } from '../../lib/localized';
import { ReturnItemsForm } from './ReturnItemsForm';

const STATUS_COLORS = { requested: 'amber', approved: 'blue', received: 'green', rejected: 'red' } as const;

/** A return's status as a badge. */
export function ReturnStatusBadge({ status }: { status: Return['status'] }) {
  const { t } = useTranslation('account');
  return <Badge color={STATUS_COLORS[status]}>{t(`returns.status.${status}`)}</Badge>;
}

/** An order's returns with their status and refund, and "Return items" on a delivered order. */
export function OrderReturns({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('account');
  const price = usePrice();
  const [open, setOpen] = useState(false);
  const { data: returns = [] } = useQuery(orderReturnsQuery(order.id));
  const available = returnableUnits(order.items, returns);
  const canReturn = order.status === 'Delivered' && Object.values(available).some((n) => n > 0);
  if (!returns.length && !canReturn) return null;
  return (
    <Box>
      <Heading as="h3" size="3" mb="2">
        {t('returns.title')}
      </Heading>
      <Flex direction="column" gap="2" mb="3">
        {returns.map((r) => (
          <Box key={r.id} className="return-card">
            <Flex justify="between" gap="2" wrap="wrap" align="center">
              <Text weight="medium">{r.number}</Text>
              <ReturnStatusBadge status={r.status} />
            </Flex>
            <Text as="p" size="2" color="gray">
              {r.lines.map((l) => `${resolveLocalized(l.productName, i18n.language)} × ${l.quantity}`).join(', ')}
            </Text>
            {r.message && (
              <Text as="p" size="2">
                {t('returns.shopMessage', { message: r.message })}
              </Text>
            )}
            {r.status === 'received' && (
              <Text as="p" size="2" weight="medium">
                {t('returns.refunded', { amount: price(r.refundAmount) })}
              </Text>
            )}
          </Box>
        ))}
      </Flex>
      {canReturn && !open && (
        <Button variant="soft" onClick={() => setOpen(true)}>
          {t('returns.button')}
        </Button>
      )}
      {canReturn && open && <ReturnItemsForm order={order} available={available} onDone={() => setOpen(false)} />}
    </Box>
  );
}
