import { Button, Card, Flex, Grid, Heading, IconButton, Switch, Text, TextField } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { ProductList } from '../../../api/types';
import { NativeSelect } from '../../../components/NativeSelect';
import { ToggleField } from '../../../components/ToggleField';
import { resolveLocalized } from '../../../lib/localized';
import { adminKeys } from '../../../api/queryKeys';
import { describedBy, Field } from '../components/Field';
import type { ProductFormState } from './formModel';
import { emptyRates, newKitRow, type HireValues, type KitRow, type RatesText } from './hireModel';

interface Props {
  form: ProductFormState;
  productId?: string;
}

/**
 * The products a kit may take: those for hire among the first 100 found by `search` (every
 * product's name in every language, the server's search), not this one. Chosen components
 * keep the names their kit's answer gave them, so none needs to be among these.
 */
function useHireProducts(search: string, productId?: string) {
  const q = search.trim();
  const list = useQuery({
    queryKey: [...adminKeys.products, 'hire-components', q],
    queryFn: ({ signal }) => api.get<ProductList>('/products', { signal, query: { includeInactive: true, pageSize: 100, ...(q ? { search: q } : {}) } }),
    placeholderData: keepPreviousData,
  });
  return (list.data?.products ?? []).filter((p) => p.hire?.enabled && p.id !== productId);
}

/**
 * The hire card (issue 46): for hire and for sale, the deposit, buffer, minimum and lead days,
 * the day, weekend and week rates with the hire fleet (per variant with options), and a kit's
 * components with their quantities. The server checks it all again.
 */
export function HireCard({ form, productId }: Props) {
  const { t } = useTranslation('admin');
  const h = form.values.hire;
  const set = (patch: Partial<HireValues>) => form.set('hire', (prev) => ({ ...prev, ...patch }));
  const num = (key: 'deposit' | 'bufferDays' | 'minDays' | 'leadDays', money = false) => {
    const id = `hire-${key}`;
    const error = form.error(`hire.${key}`);
    return (
      <Field id={id} label={t(`productForm.hire.${key}`)} error={error}>
        <TextField.Root id={id} value={h[key]} inputMode={money ? 'decimal' : 'numeric'} onChange={(e) => set({ [key]: e.target.value })} onBlur={() => form.touch(`hire.${key}`)} {...describedBy(id, error)}>
          {money && <TextField.Slot>$</TextField.Slot>}
        </TextField.Root>
      </Field>
    );
  };
  const variants = form.values.options.length > 0 ? form.values.variants : [];
  return (
    <Card size="2">
      <Heading as="h3" size="3" mb="1">
        {t('productForm.hire.title')}
      </Heading>
      <Text as="p" size="1" color="gray" mb="3">
        {t('productForm.hire.hint')}
      </Text>
      <Flex direction="column" gap="2" mb="3">
        <ToggleField label={t('productForm.hire.enabled')} control={(id) => <Switch id={id} checked={h.enabled} onCheckedChange={(enabled) => set({ enabled })} data-testid="hire-enabled" />} />
        {h.enabled && (
          <ToggleField label={t('productForm.hire.saleEnabled')} control={(id) => <Switch id={id} checked={h.saleEnabled} onCheckedChange={(saleEnabled) => set({ saleEnabled })} />} />
        )}
        {form.error('hire.saleEnabled') && (
          <Text size="1" color="red" role="alert">
            {form.error('hire.saleEnabled')}
          </Text>
        )}
      </Flex>
      {h.enabled && (
        <Flex direction="column" gap="3">
          <Grid columns={{ initial: '2', sm: '4' }} gap="3">
            {num('deposit', true)}
            {num('bufferDays')}
            {num('minDays')}
            {num('leadDays')}
          </Grid>
          {variants.length === 0 ? (
            <RatesFields form={form} prefix="hire.rates" rates={h.rates} onChange={(rates) => set({ rates })} />
          ) : (
            variants.map((v) => (
              <RatesFields
                key={v.key}
                form={form}
                prefix={`hire.variants.${v.key}`}
                label={`${v.optionValues.join(', ')} (${v.sku})`}
                rates={h.variantRates[v.key] ?? emptyRates()}
                onChange={(r) => set({ variantRates: { ...h.variantRates, [v.key]: r } })}
              />
            ))
          )}
          <KitEditor form={form} productId={productId} rows={h.kit} onChange={(kit) => set({ kit })} />
        </Flex>
      )}
    </Card>
  );
}

interface RatesProps {
  form: ProductFormState;
  prefix: string;
  label?: string;
  rates: RatesText;
  onChange: (r: RatesText) => void;
}

/** A variant's day, weekend and week rates and its fleet. */
function RatesFields({ form, prefix, label, rates, onChange }: RatesProps) {
  const { t } = useTranslation('admin');
  const safe = prefix.replace(/[^\w-]/g, '_');
  return (
    <fieldset className="hire-rates">
      {label && <legend>{label}</legend>}
      <Grid columns={{ initial: '2', sm: '4' }} gap="3">
        {(['day', 'weekend', 'week', 'quantity'] as const).map((k) => {
          const id = `${safe}-${k}`;
          const error = form.error(`${prefix}.${k}`);
          return (
            <Field key={k} id={id} label={t(`productForm.hire.${k}`)} error={error} required={k === 'day'}>
              <TextField.Root id={id} value={rates[k]} inputMode={k === 'quantity' ? 'numeric' : 'decimal'} onChange={(e) => onChange({ ...rates, [k]: e.target.value })} onBlur={() => form.touch(`${prefix}.${k}`)} {...describedBy(id, error)}>
                {k !== 'quantity' && <TextField.Slot>$</TextField.Slot>}
              </TextField.Root>
            </Field>
          );
        })}
      </Grid>
    </fieldset>
  );
}

interface KitProps {
  form: ProductFormState;
  productId?: string;
  rows: KitRow[];
  onChange: (rows: KitRow[]) => void;
}

/** A kit's components: a product for hire and how many of it per kit, each row removable. */
function KitEditor({ form, productId, rows, onChange }: KitProps) {
  const { t, i18n } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const products = useHireProducts(search, productId);
  const update = (id: string, patch: Partial<KitRow>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  return (
    <fieldset className="hire-kit">
      <legend>{t('productForm.hire.kit')}</legend>
      <Text as="p" size="1" color="gray" mb="2">
        {t('productForm.hire.kitHint')}
      </Text>
      <Flex direction="column" gap="2">
        <Field id="kit-search" label={t('productForm.hire.findComponent')} hint={t('productForm.hire.findComponentHint')}>
          <TextField.Root id="kit-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} {...describedBy('kit-search', undefined, t('productForm.hire.findComponentHint'))} />
        </Field>
        {rows.map((r, i) => {
          const pid = `kit-${r.id}-product`;
          const qid = `kit-${r.id}-quantity`;
          const pError = form.error(`hire.kit.${r.id}.productId`);
          const qError = form.error(`hire.kit.${r.id}.quantity`);
          return (
            <Flex key={r.id} gap="2" align="end" wrap="wrap">
              <Field id={pid} label={t('productForm.hire.component', { n: i + 1 })} error={pError}>
                <NativeSelect id={pid} value={r.productId} onChange={(e) => {
                    const p = products.find((x) => x.id === e.target.value);
                    update(r.id, { productId: e.target.value, variantId: '', name: p?.name, nameLocalized: p?.nameLocalized });
                  }} {...describedBy(pid, pError)}>
                  <option value="">{t('productForm.hire.chooseComponent')}</option>
                  {r.productId && !products.some((p) => p.id === r.productId) && <option value={r.productId}>{r.name ? resolveLocalized(r.nameLocalized, i18n.language, r.name) : r.productId}</option>}
                  {products.map((p) => (
                    <option key={p.id} value={p.id}>
                      {resolveLocalized(p.nameLocalized, i18n.language, p.name)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id={qid} label={t('productForm.hire.componentQuantity')} error={qError}>
                <TextField.Root id={qid} value={r.quantity} inputMode="numeric" style={{ width: '6rem' }} onChange={(e) => update(r.id, { quantity: e.target.value })} {...describedBy(qid, qError)} />
              </Field>
              <IconButton type="button" variant="ghost" color="gray" aria-label={t('productForm.hire.removeComponent', { n: i + 1 })} onClick={() => onChange(rows.filter((x) => x.id !== r.id))}>
                <Cross2Icon />
              </IconButton>
            </Flex>
          );
        })}
        {form.error('hire.kit') && (
          <Text size="1" color="red" role="alert">
            {form.error('hire.kit')}
          </Text>
        )}
        <Button type="button" variant="soft" onClick={() => onChange([...rows, newKitRow()])} style={{ alignSelf: 'start' }}>
          {t('productForm.hire.addComponent')}
        </Button>
      </Flex>
    </fieldset>
  );
}
