import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { SavedAddress, ShippingInfo, ShippingMethod } from '../../api/types';
import { AddressForm, useAddressForm } from '../addresses/AddressForm';
import { MissingFields } from './MissingFields';
import { SavedAddressPicker } from './SavedAddressPicker';
import { StepForm } from './StepForm';
import { ShippingMethodCards } from './ShippingMethodCards';
import { SHIPPING_FIELDS } from './validation';

interface Props {
  value: ShippingInfo;
  onChange: (value: ShippingInfo) => void;
  /** The methods that fit the address; undefined while the country is missing or loading. */
  methods: ShippingMethod[] | undefined;
  /** The methods of the address's country are being fetched. */
  methodsLoading: boolean;
  method: string;
  onMethod: (code: string) => void;
  saved: SavedAddress[];
  savedId: string;
  onPick: (id: string) => void;
  saveNew: boolean;
  onSaveNew: (on: boolean) => void;
  serverErrors: Record<string, string>;
  onNext: () => void;
}

/** Step 1: where the order goes and how it ships. Continue always answers: it waits for the rates, or says what is missing. */
export function ShippingStep({ value, onChange, methods, methodsLoading, method, onMethod, serverErrors, onNext, ...book }: Props) {
  const { t } = useTranslation('checkout');
  const methodOk = !!methods?.some((m) => m.code === method);
  const form = useAddressForm(value, onChange, SHIPPING_FIELDS, serverErrors, methodOk || methodsLoading ? {} : { shippingMethod: 'required' });
  const [waiting, setWaiting] = useState(false);
  const [resumed, setResumed] = useState(0);
  const handled = useRef(0);
  // Continue pressed while the rates of a new address were loading: once they are here it goes on
  // (the checkout picks a new country's first method), or says why it cannot.
  if (waiting && !methodsLoading) {
    setWaiting(false);
    setResumed((n) => n + 1);
  }
  const willHaveMethod = methodOk || !!methods?.length;
  useEffect(() => {
    if (resumed === handled.current) return;
    handled.current = resumed;
    if (willHaveMethod) onNext();
    else form.handleSubmit(onNext)();
  }, [resumed, willHaveMethod, onNext, form]);
  const submit = form.handleSubmit(() => (methodsLoading ? setWaiting(true) : onNext()));
  return (
    <StepForm title={t('steps.shipping')} onSubmit={submit}>
      {form.submitted && !waiting && <MissingFields errors={form.problems} />}
      <SavedAddressPicker saved={book.saved} value={book.savedId} onPick={book.onPick} saveNew={book.saveNew} onSaveNew={book.onSaveNew} />
      <AddressForm prefix="shipping" form={form} fields={SHIPPING_FIELDS} />
      <Heading as="h3" size="4" mt="5" mb="3">
        {t('method.title')}
      </Heading>
      {methods && methods.length > 0 ? (
        <ShippingMethodCards methods={methods} value={method} onChange={onMethod} />
      ) : (
        <Text as="p" size="2" color="gray">
          {methodsLoading ? t('method.loading') : t('method.enterCountry')}
        </Text>
      )}
      {form.serverErrors.shippingMethod && (
        <Text as="p" size="2" color="red" mt="2">
          {form.serverErrors.shippingMethod}
        </Text>
      )}
      <Flex justify="end" align="center" gap="3" mt="5">
        <Text role="status" size="2" color="gray">
          {waiting ? t('method.waiting') : ''}
        </Text>
        <Button type="submit" size="3" loading={waiting}>
          {t('continueToBilling')}
        </Button>
      </Flex>
    </StepForm>
  );
}
