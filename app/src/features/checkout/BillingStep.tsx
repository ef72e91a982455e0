import { Button, Checkbox, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { BillingInfo } from '../../api/types';
import { AddressForm } from './AddressForm';
import { MissingFields } from './MissingFields';
import { StepForm } from './StepForm';
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
  const errors: Record<string, string | undefined> = validateAddress(value, BILLING_FIELDS);
  return (
    <StepForm title={t('steps.billing')} errors={errors} onNext={onNext}>
      {(submitted) => (
        <>
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
        </>
      )}
    </StepForm>
  );
}
