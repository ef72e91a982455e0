import { ToggleField } from '../../../components/ToggleField';
import { useState } from 'react';
import { Box, Button, Callout, Flex, Switch, Text, TextArea, TextField } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentTaxSettings } from '../../../api/types';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { serverFieldErrors, type Problems } from '../../../lib/form';
import { describedBy, Field } from '../components/Field';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';
import { paymentSettingsQuery, savePaymentSettings } from './paymentsApi';
import { TaxRatesEditor } from './TaxRatesEditor';
import { adminKeys } from '../../../api/queryKeys';
import { SettingsSection } from './SettingsSection';

/** Settings > Payments & tax: the payment methods and their terms, the tax settings and the tax rates. */
export function PaymentsSettings() {
  const { t } = useTranslation('admin');
  const query = useQuery(paymentSettingsQuery());
  if (query.isError) return <LoadError message={t('settings.loadFailed')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Text color="gray">{t('settings.loading')}</Text>;
  return (
    <Flex direction="column" gap="4">
      <PaymentsForm settings={query.data} />
      <TaxRatesEditor />
    </Flex>
  );
}

function Toggle({ id, label, checked, onChange, error }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void; error?: string }) {
  return (
    <Box>
      <ToggleField id={id} label={label} control={(cid) => <Switch id={cid} checked={checked} onCheckedChange={onChange} {...describedBy(id, error)} />} />
      {error && (
        <Text as="p" size="1" color="red" mt="1" role="alert" id={`${id}-error`}>
          {error}
        </Text>
      )}
    </Box>
  );
}

function PaymentsForm({ settings }: { settings: PaymentTaxSettings }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const client = useQueryClient();
  const [s, setS] = useState({
    ...settings,
    invoiceTermsDays: String(settings.invoiceTermsDays),
    holdMinutes: String(settings.holdMinutes),
    maxUnitsPerLine: String(settings.maxUnitsPerLine),
    transferHoldDays: String(settings.transferHoldDays),
  });
  const [errors, setErrors] = useState<Problems>({});
  const set = (patch: Partial<typeof s>) => setS((v) => ({ ...v, ...patch }));
  const save = useMutation({
    mutationFn: () =>
      savePaymentSettings({
        ...s,
        invoiceTermsDays: Number(s.invoiceTermsDays) || 0,
        holdMinutes: Number(s.holdMinutes) || 0,
        // Sent as typed: 0 or a word is refused by the server rather than read as "unchanged".
        maxUnitsPerLine: Number(s.maxUnitsPerLine) || -1,
        transferHoldDays: Number(s.transferHoldDays) || -1,
      }),
    onSuccess: (saved) => {
      setErrors({});
      client.setQueryData(adminKeys.paymentSettings, saved);
      toast.success(t('settings.payments.saved'), TOAST_LONG);
    },
    onError: (e) => {
      setErrors(serverFieldErrors(e));
      toast.error(failureText(t, e, 'settings.payments.saveFailed'), TOAST_LONG);
    },
  });
  return (
    <form noValidate aria-label={t('settings.payments.title')} onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
      <Flex direction="column" gap="4">
        <SettingsSection stack title={t('settings.payments.methods')}>
          <Toggle id="card-enabled" label={t('settings.payments.card')} checked={s.cardEnabled} onChange={(cardEnabled) => set({ cardEnabled })} error={errors.cardEnabled} />
          <Callout.Root size="1" color={settings.cardReady ? 'green' : 'amber'}>
            <Callout.Icon>
              <InfoCircledIcon />
            </Callout.Icon>
            <Callout.Text>{t(`settings.payments.stripe.${settings.cardReady ? 'ready' : settings.stripeKeys}`)}</Callout.Text>
          </Callout.Root>
          <Toggle id="bank-enabled" label={t('settings.payments.bank')} checked={s.bankTransferEnabled} onChange={(bankTransferEnabled) => set({ bankTransferEnabled })} error={errors.bankTransferEnabled} />
          <Field id="bank-details" label={t('settings.payments.bankDetails')} error={errors.bankDetails} hint={t('settings.payments.bankDetailsHint')}>
            <TextArea id="bank-details" rows={4} value={s.bankDetails} onChange={(e) => set({ bankDetails: e.target.value })} {...describedBy('bank-details', errors.bankDetails, t('settings.payments.bankDetailsHint'))} />
          </Field>
          <Toggle id="invoice-enabled" label={t('settings.payments.invoice')} checked={s.invoiceEnabled} onChange={(invoiceEnabled) => set({ invoiceEnabled })} error={errors.invoiceEnabled} />
          <Flex gap="3" wrap="wrap">
            <Field id="terms-days" label={t('settings.payments.termsDays')} error={errors.invoiceTermsDays}>
              <TextField.Root id="terms-days" inputMode="numeric" value={s.invoiceTermsDays} onChange={(e) => set({ invoiceTermsDays: e.target.value })} {...describedBy('terms-days', errors.invoiceTermsDays)} />
            </Field>
            <Field id="hold-minutes" label={t('settings.payments.holdMinutes')} error={errors.holdMinutes} hint={t('settings.payments.holdHint')}>
              <TextField.Root id="hold-minutes" inputMode="numeric" value={s.holdMinutes} onChange={(e) => set({ holdMinutes: e.target.value })} {...describedBy('hold-minutes', errors.holdMinutes, t('settings.payments.holdHint'))} />
            </Field>
            <Field id="transfer-hold-days" label={t('settings.payments.transferHoldDays')} error={errors.transferHoldDays} hint={t('settings.payments.transferHoldDaysHint')}>
              <TextField.Root id="transfer-hold-days" inputMode="numeric" value={s.transferHoldDays} onChange={(e) => set({ transferHoldDays: e.target.value })} {...describedBy('transfer-hold-days', errors.transferHoldDays, t('settings.payments.transferHoldDaysHint'))} />
            </Field>
            <Field id="units-per-line" label={t('settings.payments.maxUnitsPerLine')} error={errors.maxUnitsPerLine} hint={t('settings.payments.maxUnitsPerLineHint')}>
              <TextField.Root id="units-per-line" inputMode="numeric" value={s.maxUnitsPerLine} onChange={(e) => set({ maxUnitsPerLine: e.target.value })} {...describedBy('units-per-line', errors.maxUnitsPerLine, t('settings.payments.maxUnitsPerLineHint'))} />
            </Field>
          </Flex>
        </SettingsSection>
        <SettingsSection stack title={t('settings.payments.tax')}>
          <Toggle id="prices-include-tax" label={t('settings.payments.pricesIncludeTax')} checked={s.pricesIncludeTax} onChange={(pricesIncludeTax) => set({ pricesIncludeTax })} />
          <Toggle id="tax-shipping" label={t('settings.payments.taxShipping')} checked={s.taxShipping} onChange={(taxShipping) => set({ taxShipping })} />
          <Field id="seller-tax-id" label={t('settings.payments.sellerTaxId')} error={errors.sellerTaxId} hint={t('settings.payments.sellerTaxIdHint')}>
            <TextField.Root id="seller-tax-id" value={s.sellerTaxId} onChange={(e) => set({ sellerTaxId: e.target.value })} {...describedBy('seller-tax-id', errors.sellerTaxId, t('settings.payments.sellerTaxIdHint'))} />
          </Field>
        </SettingsSection>
        <Flex justify="end">
          <Button type="submit" size="3" loading={save.isPending}>
            {t('settings.payments.save')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
