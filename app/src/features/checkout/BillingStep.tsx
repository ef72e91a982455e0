import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentMethods, PostalAddress } from '../../api/types';
import { businessProblems, type BusinessDetails } from '../../lib/business';
import { useForm } from '../../lib/form';
import { AddressForm, useAddressForm } from '../addresses/AddressForm';
import { BusinessFields } from './BusinessFields';
import { MissingFields } from './MissingFields';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { StepForm } from './StepForm';
import { BILLING_FIELDS } from './validation';

interface Props {
  value: PostalAddress;
  business: BusinessDetails;
  onBusiness: (value: BusinessDetails) => void;
  sameAsShipping: boolean;
  onSameAsShipping: (on: boolean) => void;
  onChange: (value: PostalAddress) => void;
  serverErrors: Record<string, string>;
  onBack: () => void;
  onNext: () => void;
  payment: PaymentChoice;
}

/** The payment method chosen in the Billing step. */
export interface PaymentChoice {
  methods: PaymentMethods | undefined;
  method: PaymentMethod;
  onMethod: (m: PaymentMethod) => void;
  poNumber: string;
  onPONumber: (po: string) => void;
  serverErrors: Record<string, string>;
}

/** Step 2: the billing address, the shipping one by default. */
export function BillingStep({ value, business, onBusiness, sameAsShipping, onSameAsShipping, onChange, serverErrors, onBack, onNext, payment }: Props) {
  const { t } = useTranslation('checkout');
  const form = useAddressForm(value, onChange, BILLING_FIELDS, serverErrors);
  const biz = useForm({ values: business, onValues: onBusiness, rules: businessProblems, message: (key) => t(`validation.${key}`), serverErrors });
  const [poMissing, setPoMissing] = useState(false);
  // Every part shows its problems; Next only when none has one.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bizOk = Object.keys(biz.problems).length === 0;
    const missing = payment.method === 'invoice' && payment.poNumber.trim() === '';
    setPoMissing(missing);
    biz.handleSubmit(() => undefined)();
    form.handleSubmit(() => bizOk && !missing && onNext())();
  };
  return (
    <StepForm title={t('steps.billing')} onSubmit={submit}>
      {form.submitted && !sameAsShipping && <MissingFields errors={form.problems} />}
      <Flex gap="2" align="center" mb="4">
        <Checkbox id="same-as-shipping" checked={sameAsShipping} onCheckedChange={(c) => onSameAsShipping(c === true)} />
        <Text as="label" size="2" htmlFor="same-as-shipping">
          {t('useShippingForBilling')}
        </Text>
      </Flex>
      <AddressForm prefix="billing" form={form} fields={BILLING_FIELDS} disabled={sameAsShipping} />
      <BusinessFields form={biz} />
      <PaymentMethodPicker
        methods={payment.methods}
        value={payment.method}
        onChange={payment.onMethod}
        poNumber={payment.poNumber}
        onPONumber={payment.onPONumber}
        poError={poMissing && !payment.poNumber.trim() ? t('payment.poRequired') : payment.serverErrors.poNumber}
        methodError={payment.serverErrors.paymentMethod}
      />
      <Flex justify="between" mt="5" gap="3">
        <Button type="button" variant="soft" size="3" onClick={onBack}>
          {t('back')}
        </Button>
        <Button type="submit" size="3">
          {t('continueToReview')}
        </Button>
      </Flex>
    </StepForm>
  );
}
