import { Checkbox, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { NativeSelect } from '../../../components/NativeSelect';
import type { Form } from '../../../lib/form';
import { resolveLocalized } from '../../../lib/localized';
import { adminCategoriesQuery } from '../categories/api';
import { KINDS, TARGETS, type PromotionFormValues } from './formModel';
import { ProductPicker } from './ProductPicker';

/** The offer: what it takes off (kind and value) and what it applies to (the order, categories or products). */
export function PromotionOfferFields({ form }: { form: Form<PromotionFormValues> }) {
  const { t, i18n } = useTranslation('admin');
  const { values: v, set } = form;
  const categories = useQuery({ ...adminCategoriesQuery(), enabled: v.target === 'categories' });
  const toggle = (id: string, on: boolean) => set('categoryIds', (ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const catError = form.error('categoryIds');
  return (
    <>
      <Flex gap="3" wrap="wrap">
        <Flex direction="column" gap="1" flexGrow="1">
          <Text as="label" htmlFor="promotion-kind" size="2" weight="medium">
            {t('promotions.kind')}
          </Text>
          <NativeSelect id="promotion-kind" value={v.kind} onChange={(e) => set('kind', e.target.value as PromotionFormValues['kind'])}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`promotions.kinds.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </Flex>
        {v.kind !== 'free_shipping' && (
          <FormField
            id="promotion-value"
            label={t(v.kind === 'percentage' ? 'promotions.percent' : 'promotions.amountOff')}
            inputMode="decimal"
            required
            {...form.field('value')}
          />
        )}
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor="promotion-target" size="2" weight="medium">
          {t('promotions.target')}
        </Text>
        <NativeSelect id="promotion-target" value={v.target} onChange={(e) => set('target', e.target.value as PromotionFormValues['target'])}>
          {TARGETS.map((k) => (
            <option key={k} value={k}>
              {t(`promotions.targets.${k}`)}
            </option>
          ))}
        </NativeSelect>
      </Flex>
      {v.target === 'categories' && (
        <fieldset className="plain-fieldset" aria-describedby={catError ? 'promotion-categories-error' : undefined}>
          <legend>
            <Text size="2" weight="medium">
              {t('promotions.categories')}
            </Text>
          </legend>
          <Flex gap="3" wrap="wrap" mt="1">
            {(categories.data ?? []).map((c) => (
              <Text as="label" size="2" key={c.id}>
                <Flex gap="1" align="center">
                  <Checkbox checked={v.categoryIds.includes(c.id)} onCheckedChange={(on) => toggle(c.id, on === true)} />
                  {resolveLocalized(c.nameLocalized, i18n.language, c.name)}
                </Flex>
              </Text>
            ))}
          </Flex>
          {catError && (
            <Text id="promotion-categories-error" size="1" color="red">
              {catError}
            </Text>
          )}
        </fieldset>
      )}
      {v.target === 'products' && <ProductPicker ids={v.productIds} onChange={(ids) => set('productIds', ids)} error={form.error('productIds')} />}
    </>
  );
}
