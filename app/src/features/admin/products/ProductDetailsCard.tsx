import { NativeSelect } from '../../../components/NativeSelect';
import { ToggleField } from '../../../components/ToggleField';
import { Box, Card, Grid, Heading, Select, Switch, Text, TextField } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { describedBy, Field } from '../components/Field';
import { TAX_CLASSES, type TaxClass } from '../../../api/types';
import type { ProductFormState } from './formModel';

/** Price, stock, category, tax class and whether the product is on sale. */
export function ProductDetailsCard({ form, categories }: { form: ProductFormState; categories: readonly string[] }) {
  const { t } = useTranslation('admin');
  const { values } = form;
  /** A number input bound to its value, rule and server error. */
  const number = (key: 'price' | 'stockQuantity', decimals: boolean) => ({
    id: key,
    type: 'number' as const,
    inputMode: decimals ? ('decimal' as const) : ('numeric' as const),
    step: decimals ? '0.01' : '1',
    min: '0',
    value: values[key],
    onChange: (e: { target: { value: string } }) => form.set(key, e.target.value),
    onBlur: () => form.touch(key),
    ...describedBy(key, form.error(key)),
  });
  const categoryError = form.error('category');
  return (
    <Card size="2">
      <Heading as="h3" size="3" mb="3">
        {t('productForm.details')}
      </Heading>
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        {values.options.length === 0 ? (
          <>
            <Field id="price" label={t('productForm.price')} required error={form.error('price')}>
              <TextField.Root {...number('price', true)}>
                <TextField.Slot>$</TextField.Slot>
              </TextField.Root>
            </Field>
            <Field id="stockQuantity" label={t('productForm.stock')} required error={form.error('stockQuantity')}>
              <TextField.Root {...number('stockQuantity', false)} />
            </Field>
          </>
        ) : (
          // With options each variant has its own (the grid below).
          <Text as="p" size="2" color="gray" style={{ gridColumn: '1 / -1' }}>
            {t('variants.pricesInGrid')}
          </Text>
        )}
        <Field id="category" label={t('productForm.category')} required error={categoryError}>
          {/* A native select: Radix's hidden form select adds an empty <option> while none is chosen (invalid HTML). */}
          <NativeSelect
            id="category"
            value={values.category}
            onChange={(e) => form.set('category', e.target.value)}
            onBlur={() => form.touch('category')}
            style={{ width: '100%' }}
            {...describedBy('category', categoryError)}
          >
            <option value="" disabled>
              {t('productForm.selectCategory')}
            </option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {t(`shop:categories.${c}`, c)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="weightKg" label={t('productForm.weight')} error={form.error('weightKg')} hint={t('productForm.weightHint')}>
          <TextField.Root
            id="weightKg"
            inputMode="decimal"
            value={values.weightKg}
            onChange={(e) => form.set('weightKg', e.target.value)}
            onBlur={() => form.touch('weightKg')}
            {...describedBy('weightKg', form.error('weightKg'), t('productForm.weightHint'))}
          >
            <TextField.Slot side="right">kg</TextField.Slot>
          </TextField.Root>
        </Field>
        <Box>
          <ToggleField
            weight="medium"
            mt={{ initial: '0', sm: '5' }}
            label={t('productForm.freightOnly')}
            control={(id) => <Switch id={id} checked={values.freightOnly} onCheckedChange={(on) => form.set('freightOnly', on)} data-testid="freight-only" />}
          />
          <Text as="p" size="1" color="gray" mt="1">
            {t('productForm.freightOnlyHint')}
          </Text>
        </Box>
        <Field id="taxClass" label={t('productForm.taxClass')} error={form.error('taxClass')} hint={t('productForm.taxClassHint')}>
          <Select.Root value={values.taxClass} onValueChange={(v) => form.set('taxClass', v as TaxClass)}>
            <Select.Trigger id="taxClass" style={{ width: '100%' }} {...describedBy('taxClass', form.error('taxClass'))} />
            <Select.Content position="popper">
              {TAX_CLASSES.map((c) => (
                <Select.Item key={c} value={c}>
                  {t(`productForm.taxClasses.${c}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Field>
        <Box>
          <ToggleField
            weight="medium"
            mt={{ initial: '0', sm: '5' }}
            label={t('productForm.active')}
            control={(id) => <Switch id={id} checked={values.isActive} onCheckedChange={(isActive) => form.set('isActive', isActive)} />}
          />
          <Text as="p" size="1" color="gray" mt="1">
            {t('productForm.activeHint')}
          </Text>
        </Box>
      </Grid>
    </Card>
  );
}
