import { useState } from 'react';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { DownloadIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../api/types';
import { NativeSelect } from '../../../components/NativeSelect';
import { useToastApi } from '../../../components/Toast';
import { failureText } from '../messages';
import { downloadOrdersCsv, type OrderFilters } from './ordersApi';

interface Props {
  value: OrderFilters;
  onChange: (f: OrderFilters) => void;
}

/** Status, a search in number/name/e-mail, a date range, and the CSV export of what is filtered. */
export function OrdersFilters({ value, onChange }: Props) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const [search, setSearch] = useState(value.search);
  const set = (patch: Partial<OrderFilters>) => onChange({ ...value, ...patch, page: 1 });
  const csv = useMutation({
    mutationFn: (shipping: boolean) => downloadOrdersCsv(value, shipping),
    onError: (e) => toast.error(failureText(t, e, 'ordersAdmin.exportFailed')),
  });
  return (
    <Flex gap="3" wrap="wrap" align="end" mb="4" asChild>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ search });
        }}
      >
        <Flex direction="column" gap="1">
          <Text as="label" size="1" htmlFor="orders-status">
            {t('ordersAdmin.status')}
          </Text>
          <NativeSelect id="orders-status" value={value.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">{t('ordersAdmin.allStatuses')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`common:orderStatus.${s}`, s)}
              </option>
            ))}
          </NativeSelect>
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="1" htmlFor="orders-payment-method">
            {t('payments.method')}
          </Text>
          <NativeSelect id="orders-payment-method" value={value.paymentMethod} onChange={(e) => set({ paymentMethod: e.target.value })}>
            <option value="">{t('payments.allMethods')}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`common:payment.methods.${m}`)}
              </option>
            ))}
          </NativeSelect>
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="1" htmlFor="orders-payment-status">
            {t('payments.state')}
          </Text>
          <NativeSelect id="orders-payment-status" value={value.paymentStatus} onChange={(e) => set({ paymentStatus: e.target.value })}>
            <option value="">{t('payments.allStates')}</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`common:payment.statusName.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </Flex>
        <Flex direction="column" gap="1" flexGrow="1" minWidth="180px">
          <Text as="label" size="1" htmlFor="orders-search">
            {t('ordersAdmin.search')}
          </Text>
          <TextField.Root id="orders-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} onBlur={() => search !== value.search && set({ search })}
            // Enter searches (with several fields and no submit button a form does not submit on Enter).
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                set({ search });
              }
            }}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="1" htmlFor="orders-from">
            {t('ordersAdmin.from')}
          </Text>
          <TextField.Root id="orders-from" type="date" value={value.from} onChange={(e) => set({ from: e.target.value })} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="1" htmlFor="orders-to">
            {t('ordersAdmin.to')}
          </Text>
          <TextField.Root id="orders-to" type="date" value={value.to} onChange={(e) => set({ to: e.target.value })} />
        </Flex>
        <Button type="button" variant="soft" loading={csv.isPending && !csv.variables} onClick={() => csv.mutate(false)}>
          <DownloadIcon /> {t('ordersAdmin.exportCsv')}
        </Button>
        <Button type="button" variant="soft" loading={csv.isPending && csv.variables} onClick={() => csv.mutate(true)}>
          <DownloadIcon /> {t('fulfilment.shippingCsv')}
        </Button>
      </form>
    </Flex>
  );
}
