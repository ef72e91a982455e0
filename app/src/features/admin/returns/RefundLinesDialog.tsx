import { useEffect, useState } from 'react';
import { Button, Callout, Checkbox, Dialog, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../../api/types';
import { NativeSelect } from '../../../components/NativeSelect';
import { errorText } from '../../../i18n/errors';
import { usePrice } from '../../../lib/format';
import { resolveLocalized } from '../../../lib/localized';
import { useRefundLines, useRefundQuote, type LinesRefund } from './api';
import { useAuth } from '../../../auth/AuthContext';

/** "Refund lines" on the admin's order page: units per line, restock, shipping; the figure is the server's quote. */
export function RefundLinesButton({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const { can } = useAuth();
  const lines = order.items.filter((it) => !it.hire);
  if (!can('refunds') || !lines.length || !order.payment || order.payment.refundable <= 0) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button variant="soft">{t('returns.refundLines')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>{t('returns.refundLinesTitle', { number: order.orderNumber })}</Dialog.Title>
        {open && <RefundLinesForm order={order} onDone={() => setOpen(false)} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function RefundLinesForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const price = usePrice();
  const [qty, setQty] = useState<Record<string, number>>({});
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [shipping, setShipping] = useState(false);
  const quote = useRefundQuote(order.id);
  const refund = useRefundLines(order.id);
  const body: LinesRefund = {
    lines: Object.entries(qty)
      .filter(([, q]) => q > 0)
      .map(([orderItemId, quantity]) => ({ orderItemId, quantity, restock: restock[orderItemId] ?? false })),
    shipping,
  };
  const key = JSON.stringify(body);
  const { mutate: ask } = quote;
  // The figure follows every change, from the server.
  useEffect(() => {
    const b = JSON.parse(key) as LinesRefund;
    if (b.lines.length) ask(b);
  }, [key, ask]);
  const items = order.items.filter((it) => !it.hire);
  return (
    <Flex direction="column" gap="3">
      {items.map((it) => {
        const name = resolveLocalized(it.productName, i18n.language);
        return (
          <Flex key={it.id} gap="3" align="center" wrap="wrap" className="return-card">
            <Text weight="medium" style={{ flex: '1 1 10rem' }}>
              {name}
            </Text>
            <NativeSelect aria-label={t('returns.unitsOf', { name })} value={qty[it.id] ?? 0} onChange={(e) => setQty((q) => ({ ...q, [it.id]: Number(e.target.value) }))}>
              {Array.from({ length: it.quantity + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={restock[it.id] ?? false} onCheckedChange={(c) => setRestock((s) => ({ ...s, [it.id]: c === true }))} />
                {t('returns.restock')}
              </Flex>
            </Text>
          </Flex>
        );
      })}
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox checked={shipping} onCheckedChange={(c) => setShipping(c === true)} />
          {t('returns.withShipping')}
        </Flex>
      </Text>
      {body.lines.length > 0 && quote.data && (
        <Text weight="bold" role="status">
          {t('returns.quote', { amount: price(quote.data.amount), tax: price(quote.data.taxAmount) })}
        </Text>
      )}
      {(quote.isError || refund.isError) && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>{errorText(t, refund.error ?? quote.error, 'admin:returns.failed')}</Callout.Text>
        </Callout.Root>
      )}
      <Flex gap="3" justify="end" wrap="wrap">
        <Dialog.Close>
          <Button variant="soft" color="gray" disabled={refund.isPending}>
            {t('returns.cancel')}
          </Button>
        </Dialog.Close>
        <Button disabled={!body.lines.length || quote.isPending} loading={refund.isPending} onClick={() => refund.mutate(body, { onSuccess: onDone })}>
          {t('returns.refundSubmit')}
        </Button>
      </Flex>
    </Flex>
  );
}
