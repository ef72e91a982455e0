import { Flex, Switch, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import type { Form } from '../../../lib/form';
import type { PromotionFormValues } from './formModel';

/** When and how often: the minimum subtotal, the window, the limits, and whether it joins others and runs now. */
export function PromotionLimitsFields({ form }: { form: Form<PromotionFormValues> }) {
  const { t } = useTranslation('admin');
  const { values: v, set } = form;
  return (
    <>
      <FormField id="promotion-min" label={t('promotions.minSubtotal')} hint={t('promotions.minSubtotalHint')} inputMode="decimal" {...form.field('minSubtotal')} />
      <Flex gap="3" wrap="wrap">
        <FormField id="promotion-starts" type="datetime-local" label={t('promotions.startsAt')} {...form.field('startsAt')} />
        <FormField id="promotion-ends" type="datetime-local" label={t('promotions.endsAt')} {...form.field('endsAt')} />
      </Flex>
      <Flex gap="3" wrap="wrap">
        <FormField id="promotion-limit" label={t('promotions.usageLimit')} hint={t('promotions.noLimitHint')} inputMode="numeric" {...form.field('usageLimit')} />
        <FormField id="promotion-customer-limit" label={t('promotions.perCustomerLimit')} hint={t('promotions.noLimitHint')} inputMode="numeric" {...form.field('perCustomerLimit')} />
      </Flex>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch checked={v.combinable} onCheckedChange={(on) => set('combinable', on)} />
          {t('promotions.combinableLabel')}
        </Flex>
      </Text>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch checked={v.isActive} onCheckedChange={(on) => set('isActive', on)} />
          {t('promotions.activeLabel')}
        </Flex>
      </Text>
    </>
  );
}
