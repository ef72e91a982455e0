import { ToggleField } from '../../../components/ToggleField';
import { useState } from 'react';
import { Button, Flex, Heading, Switch, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { AdminUser, User } from '../../../api/types';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { failureText } from '../messages';
import { insightKeys } from '../../../api/queryKeys';

const setInvoiceTerms = (id: string, allowed: boolean, termsDays: number) =>
  api.put<User>(`/admin/users/${encodeURIComponent(id)}/invoice-terms`, { allowed, termsDays });

/** Whether a customer (a venue, an event company) may pay on invoice, and on how many days' terms. */
export function InvoiceTerms({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [allowed, setAllowed] = useState(!!user.invoiceAllowed);
  const [days, setDays] = useState(String(user.invoiceTermsDays ?? 0));
  const valid = /^\d{1,3}$/.test(days) && Number(days) <= 365;
  const save = useMutation({
    mutationFn: () => setInvoiceTerms(user.id, allowed, Number(days)),
    onSuccess: () => {
      toast.success(t('payments.termsSaved'), TOAST_LONG);
      void queryClient.invalidateQueries({ queryKey: insightKeys.users });
    },
    onError: (e) => toast.error(failureText(t, e, 'payments.termsFailed'), TOAST_LONG),
  });
  return (
    <Flex direction="column" gap="2" data-testid="invoice-terms">
      <Heading as="h3" size="3">
        {t('payments.invoiceTitle')}
      </Heading>
      <Flex gap="4" align="end" wrap="wrap">
        <ToggleField label={t('payments.allowed')} control={(id) => <Switch id={id} checked={allowed} onCheckedChange={setAllowed} />} />
        <Flex direction="column" gap="1">
          <Text as="label" size="1" htmlFor="invoice-days">
            {t('payments.termsDays')}
          </Text>
          <TextField.Root id="invoice-days" inputMode="numeric" value={days} disabled={!allowed} onChange={(e) => setDays(e.target.value)} style={{ width: 120 }} />
        </Flex>
        <Button variant="soft" disabled={!valid} loading={save.isPending} onClick={() => save.mutate()}>
          {t('payments.saveTerms')}
        </Button>
      </Flex>
    </Flex>
  );
}
