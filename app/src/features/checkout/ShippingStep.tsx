import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { ShippingInfo, ShippingMethod } from '../../api/types';
import { AddressForm, useAddressForm } from './AddressForm';
import { MissingFields } from './MissingFields';
import { StepForm } from './StepForm';
import { ShippingMethodCards } from './ShippingMethodCards';
import { SHIPPING_FIELDS } from './validation';

interface Props {
  value: ShippingInfo;
  onChange: (value: ShippingInfo) => void;
  /** The methods that fit the address; undefined while the country is missing or loading. */
  methods: ShippingMethod[] | undefined;
  method: string;
  onMethod: (code: string) => void;
  serverErrors: Record<string, string>;
  onNext: () => void;
}

/** Step 1: where the order goes and how it ships. */
export function ShippingStep({ value, onChange, methods, method, onMethod, serverErrors, onNext }: Props) {
  const { t } = useTranslation('checkout');
  const methodOk = !!methods?.some((m) => m.code === method);
  const form = useAddressForm(value, onChange, SHIPPING_FIELDS, serverErrors, methodOk ? {} : { shippingMethod: 'required' });
  return (
    <StepForm title={t('steps.shipping')} onSubmit={form.handleSubmit(onNext)}>
      {form.submitted && <MissingFields errors={form.problems} />}
      <AddressForm prefix="shipping" form={form} fields={SHIPPING_FIELDS} />
      <Heading as="h3" size="4" mt="5" mb="3">
        {t('method.title')}
      </Heading>
      {methods && methods.length > 0 ? (
        <ShippingMethodCards methods={methods} value={method} onChange={onMethod} />
      ) : (
        <Text as="p" size="2" color="gray">
          {t('method.enterCountry')}
        </Text>
      )}
      {form.serverErrors.shippingMethod && (
        <Text as="p" size="2" color="red" mt="2">
          {form.serverErrors.shippingMethod}
        </Text>
      )}
      <Flex justify="end" mt="5">
        <Button type="submit" size="3">
          {t('continueToBilling')}
        </Button>
      </Flex>
    </StepForm>
  );
}
