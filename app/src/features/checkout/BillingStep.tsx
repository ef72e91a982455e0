import { useState } from 'react';
import { Button, Checkbox, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { BillingInfo } from '../../api/types';
import { AddressForm } from './AddressForm';
import { MissingFields } from './MissingFields';
import { BILLING_FIELDS, validateAddress } from './validation';

interface Props {
  value: BillingInfo;
  sameAsShipping: boolean;
  onSameAsShipping: (on: boolean) => void;
  onChange: (value: BillingInfo) => void;
  serverErrors: Record<string, string>;
  onBack: () => void;
  onNext: () => void;
}

/** Step 2: the billing address, the shipping one by default. */
export function BillingStep({ value, sameAsShipping, onSameAsShipping, onChange, serverErrors, onBack, onNext }: Props) {
  const { t } = useTranslation('checkout');
  const [submitted, setSubmitted] = useState(false);
  const errors: Record<string, string | undefined> = validateAddress(value, BILLING_FIELDS);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (Object.values(errors).every((v) => !v)) onNext();
      }}
    >
      <Heading as="h2" size="5" mb="4" tabIndex={-1} className="step-heading">
        {t('steps.billing')}
      </Heading>
      {submitted && !sameAsShipping && <MissingFields errors={errors} />}
      <Flex gap="2" align="center" mb="4">
        <Checkbox id="same-as-shipping" checked={sameAsShipping} onCheckedChange={(c) => onSameAsShipping(c === true)} />
        <Text as="label" size="2" htmlFor="same-as-shipping">
          {t('useShippingForBilling')}
        </Text>
      </Flex>
      <AddressForm
        prefix="billing"
        value={value}
        fields={BILLING_FIELDS}
        errors={errors}
        serverErrors={serverErrors}
        disabled={sameAsShipping}
        showAll={submitted}
        onChange={onChange}
      />
      <Flex justify="between" mt="5" gap="3">
        <Button type="button" variant="soft" size="3" onClick={onBack}>
          {t('back')}
        </Button>
        <Button type="submit" size="3">
          {t('continueToReview')}
        </Button>
      </Flex>
    </form>
  );
}
