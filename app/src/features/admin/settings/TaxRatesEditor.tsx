import { useState } from 'react';
import { Button, Card, Flex, Heading, IconButton, Table, Text, TextField } from '@radix-ui/themes';
import { Pencil1Icon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminTaxRate } from '../../../api/types';
import { CountrySelect, StateSelect } from '../../../components/AddressSelects';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { countryName } from '../../../lib/countries';
import { serverFieldErrors, type Problems } from '../../../lib/form';
import { describedBy, Field } from '../components/Field';
import { FitTable } from '../../../components/FitTable';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';
import { deleteTaxRate, saveTaxRate, taxRatesQuery, type TaxRateDraft } from './paymentsApi';
import { adminKeys } from '../../../api/queryKeys';
import { ActionsHeader } from '../components/ActionsHeader';

const EMPTY: TaxRateDraft = { id: '', country: '', region: '', taxClass: 'standard', rate: '', name: '' };
const CLASSES = ['standard', 'reduced', 'zero'] as const;

/** The tax rates: by country (a US state or the whole country) and tax class, added, edited and deleted here. */
export function TaxRatesEditor() {
  const { t, i18n } = useTranslation('admin');
  const toast = useToastApi();
  const client = useQueryClient();
  const query = useQuery(taxRatesQuery());
  const [draft, setDraft] = useState<TaxRateDraft | null>(null);
  const lang = i18n.resolvedLanguage ?? 'en';
  const refresh = () => void client.invalidateQueries({ queryKey: adminKeys.taxRates });
  const remove = useMutation({
    mutationFn: (r: AdminTaxRate) => deleteTaxRate(r.id),
    onSuccess: () => {
      toast.success(t('settings.tax.deleted'), TOAST_LONG);
      refresh();
    },
    onError: (e) => toast.error(failureText(t, e, 'settings.tax.deleteFailed'), TOAST_LONG),
  });
  const edit = (r: AdminTaxRate) => setDraft({ id: r.id, country: r.country, region: r.region, taxClass: r.taxClass, rate: String(r.rate), name: r.name });
  return (
    <Card size="2">
      <Flex justify="between" align="center" mb="3" gap="2" wrap="wrap">
        <Heading as="h3" size="3">
          {t('settings.tax.title')}
        </Heading>
        {!draft && (
          <Button variant="soft" onClick={() => setDraft(EMPTY)}>
            <PlusIcon /> {t('settings.tax.add')}
          </Button>
        )}
      </Flex>
      {draft && <TaxRateForm key={draft.id || 'new'} draft={draft} onDone={() => { setDraft(null); refresh(); }} onCancel={() => setDraft(null)} />}
      {query.isError && <LoadError message={t('settings.loadFailed')} onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && <Text color="gray">{t('settings.tax.none')}</Text>}
      {!!query.data?.length && (
        <FitTable size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t('settings.tax.name')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('settings.tax.place')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('settings.tax.class')}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t('settings.tax.rate')}</Table.ColumnHeaderCell>
                <ActionsHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {query.data.map((r) => (
                <Table.Row key={r.id}>
                  <Table.RowHeaderCell>{r.name}</Table.RowHeaderCell>
                  <Table.Cell>{[countryName(r.country, lang), r.region].filter(Boolean).join(', ')}</Table.Cell>
                  <Table.Cell>{t(`settings.tax.classes.${r.taxClass}`)}</Table.Cell>
                  <Table.Cell>{r.rate} %</Table.Cell>
                  <Table.Cell>
                    <Flex gap="3" justify="end">
                      <IconButton variant="ghost" aria-label={t('settings.tax.edit', { name: r.name })} onClick={() => edit(r)}>
                        <Pencil1Icon />
                      </IconButton>
                      <IconButton variant="ghost" color="red" aria-label={t('settings.tax.delete', { name: r.name })} loading={remove.isPending && remove.variables?.id === r.id} onClick={() => remove.mutate(r)}>
                        <TrashIcon />
                      </IconButton>
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </FitTable>
      )}
    </Card>
  );
}

/** A rate being added or edited: country, US state (for the US), class, percentage and the name shown on invoices. */
function TaxRateForm({ draft, onDone, onCancel }: { draft: TaxRateDraft; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const [d, setD] = useState(draft);
  const [errors, setErrors] = useState<Problems>({});
  const set = (patch: Partial<TaxRateDraft>) => setD((v) => ({ ...v, ...patch }));
  const save = useMutation({
    mutationFn: () => saveTaxRate(d),
    onSuccess: () => {
      toast.success(t('settings.tax.saved'), TOAST_LONG);
      onDone();
    },
    onError: (e) => {
      setErrors(serverFieldErrors(e));
      toast.error(failureText(t, e, 'settings.tax.saveFailed'), TOAST_LONG);
    },
  });
  return (
    <form noValidate aria-label={d.id ? t('settings.tax.editTitle') : t('settings.tax.add')} onSubmit={(e) => { e.preventDefault(); save.mutate(); }} className="tax-rate-form">
      <Flex direction="column" gap="3" mb="4">
        <Flex gap="3" wrap="wrap">
          <CountrySelect id="tax-country" label={t('settings.tax.country')} value={d.country} onChange={(country) => set({ country, region: country === 'US' ? d.region : '' })} error={errors.country} required placeholder={t('settings.tax.chooseCountry')} />
          {d.country === 'US' && <StateSelect id="tax-region" label={t('settings.tax.region')} value={d.region} onChange={(region) => set({ region })} error={errors.region} placeholder={t('settings.tax.wholeCountry')} />}
          <Field id="tax-class" label={t('settings.tax.class')} error={errors.taxClass}>
            <select id="tax-class" className="native-select" value={d.taxClass} onChange={(e) => set({ taxClass: e.target.value })} {...describedBy('tax-class', errors.taxClass)}>
              {CLASSES.map((c) => (
                <option key={c} value={c}>
                  {t(`settings.tax.classes.${c}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="tax-rate" label={t('settings.tax.ratePercent')} error={errors.rate} required>
            <TextField.Root id="tax-rate" inputMode="decimal" value={d.rate} onChange={(e) => set({ rate: e.target.value })} {...describedBy('tax-rate', errors.rate)} />
          </Field>
        </Flex>
        <Field id="tax-name" label={t('settings.tax.nameLabel')} error={errors.name} required>
          <TextField.Root id="tax-name" value={d.name} onChange={(e) => set({ name: e.target.value })} {...describedBy('tax-name', errors.name)} />
        </Field>
        <Flex gap="3" justify="end">
          <Button type="button" variant="soft" color="gray" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('settings.tax.save')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
