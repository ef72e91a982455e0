import { useState } from 'react';
import { Box, Button, Callout, Card, Checkbox, Container, DataList, Flex, Grid, Heading, Separator, Text } from '@radix-ui/themes';
import { CheckCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api, isApiError } from '../../api/client';
import type { BillingInfo, OrderDetail, ShippingInfo, ShippingMethods, User } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { ProductImage } from '../../components/ProductImage';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorText } from '../../i18n/errors';
import { formatPrice } from '../../lib/format';
import { resolveLocalized } from '../../lib/localized';
import { useCart } from '../cart/CartContext';
import { orderKeys } from '../orders/api';
import { AddressForm } from './AddressForm';
import { BILLING_FIELDS, SHIPPING_FIELDS, billingFromShipping, emptyShipping, trimAll, validateAddress } from './validation';

type Step = 0 | 1 | 2 | 3;
const STEP_KEYS = ['shipping', 'billing', 'review', 'confirmation'] as const;

function splitServerErrors(errors: Record<string, string> | undefined, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors ?? {})) if (k.startsWith(prefix + '.')) out[k.slice(prefix.length + 1)] = v;
  return out;
}

function AddressSummary({ info }: { info: Partial<ShippingInfo> }) {
  return (
    <Text as="p" size="2" style={{ whiteSpace: 'pre-line' }}>
      {[`${info.firstName ?? ''} ${info.lastName ?? ''}`.trim(), info.address, `${info.city ?? ''}, ${info.state ?? ''} ${info.zipCode ?? ''}`, info.country, info.phone, info.email]
        .filter(Boolean)
        .join('\n')}
    </Text>
  );
}

export default function CheckoutPage() {
  const { user } = useAuth();
  const { cart } = useCart();
  // Wait for the signed-in user (to prefill) and the cart (not to flash "empty").
  if (!user || !cart) return <FullPageSpinner />;
  return <Checkout user={user} />;
}

function Checkout({ user }: { user: User }) {
  const { t, i18n } = useTranslation('checkout');
  const { cart, resetCart } = useCart();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(0);
  const [shipping, setShipping] = useState<ShippingInfo>(() => ({
    ...emptyShipping(),
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
  }));
  const [sameAsShipping, setSameAsShipping] = useState(true);
  const [billingOwn, setBillingOwn] = useState<BillingInfo>(() => billingFromShipping(emptyShipping()));
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [order, setOrder] = useState<OrderDetail | null>(null);
  useDocumentTitle(t('title'));

  const billing = sameAsShipping ? billingFromShipping(shipping) : billingOwn;
  const shippingErrors = validateAddress(shipping, SHIPPING_FIELDS);
  const billingErrors = validateAddress(billing, BILLING_FIELDS);
  const shippingOk = Object.keys(shippingErrors).length === 0;
  const billingOk = Object.keys(billingErrors).length === 0;
  const items = cart?.items ?? [];

  if (step < 3 && items.length === 0) {
    return (
      <Container size="2" px="4" py="6">
        <Heading as="h1" size="7" mb="4">
          {t('title')}
        </Heading>
        <Callout.Root color="indigo" role="status">
          <Callout.Icon>
            <InfoCircledIcon />
          </Callout.Icon>
          <Callout.Text>{t('emptyCart')}</Callout.Text>
        </Callout.Root>
        <Button asChild mt="4">
          <Link to="/">{t('continueShopping')}</Link>
        </Button>
      </Container>
    );
  }

  async function placeOrder() {
    setPlacing(true);
    setError(null);
    setServerErrors({});
    try {
      // Interim: the first method that fits the address (the shipping step picks it next).
      const country = encodeURIComponent(shipping.country.trim());
      const { methods } = await api.get<ShippingMethods>(`/shipping/methods?country=${country}`);
      const created = await api.post<OrderDetail>('/checkout/create-order', {
        shippingInfo: trimAll(shipping),
        billingInfo: trimAll(billing),
        useShippingForBilling: sameAsShipping,
        shippingMethod: methods[0]?.code ?? '',
      });
      setOrder(created);
      resetCart();
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      setStep(3);
    } catch (err) {
      setError(errorText(t, err, 'checkout:errors.placeFailed'));
      if (isApiError(err) && err.errors) {
        setServerErrors(err.errors);
        if (Object.keys(err.errors).some((k) => k.startsWith('shippingInfo.'))) setStep(0);
        else if (Object.keys(err.errors).some((k) => k.startsWith('billingInfo.'))) setStep(1);
      }
    } finally {
      setPlacing(false);
    }
  }

  const itemProblems = Object.entries(serverErrors).filter(([k]) => k.startsWith('items.'));

  return (
    <Container size="3" px={{ initial: '3', sm: '5' }} py="5">
      <Heading as="h1" size="7" mb="4">
        {t('title')}
      </Heading>
      <ol className="plain-list" style={{ display: 'flex', gap: 16, flexWrap: 'wrap', marginBottom: 24 }} aria-label={t('progress')}>
        {STEP_KEYS.map((k, i) => (
          <li key={k} aria-current={i === step ? 'step' : undefined}>
            <Text size="2" weight={i === step ? 'bold' : 'regular'} color={i === step ? 'indigo' : i < step ? 'green' : 'gray'}>
              {i + 1}. {t(`steps.${k}`)}
            </Text>
          </li>
        ))}
      </ol>

      {error && (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            {error}
            {itemProblems.map(([k, v]) => (
              <span key={k} style={{ display: 'block' }}>
                {v}
              </span>
            ))}
          </Callout.Text>
        </Callout.Root>
      )}

      <Card size="3">
        {step === 0 && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (shippingOk) setStep(1);
            }}
          >
            <Heading as="h2" size="5" mb="4">
              {t('steps.shipping')}
            </Heading>
            <AddressForm
              prefix="shipping"
              value={shipping}
              fields={SHIPPING_FIELDS}
              errors={shippingErrors}
              serverErrors={splitServerErrors(serverErrors, 'shippingInfo')}
              onChange={setShipping}
            />
            <Flex justify="end" mt="5">
              <Button type="submit" size="3" disabled={!shippingOk}>
                {t('continueToBilling')}
              </Button>
            </Flex>
          </form>
        )}

        {step === 1 && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (billingOk) setStep(2);
            }}
          >
            <Heading as="h2" size="5" mb="4">
              {t('steps.billing')}
            </Heading>
            <Flex gap="2" align="center" mb="4">
              <Checkbox
                id="same-as-shipping"
                checked={sameAsShipping}
                onCheckedChange={(c) => {
                  const on = c === true;
                  setSameAsShipping(on);
                  if (!on) setBillingOwn(billingFromShipping(shipping));
                }}
              />
              <Text as="label" size="2" htmlFor="same-as-shipping">
                {t('useShippingForBilling')}
              </Text>
            </Flex>
            <AddressForm
              prefix="billing"
              value={billing}
              fields={BILLING_FIELDS}
              errors={billingErrors}
              serverErrors={splitServerErrors(serverErrors, 'billingInfo')}
              disabled={sameAsShipping}
              onChange={setBillingOwn}
            />
            <Flex justify="between" mt="5">
              <Button type="button" variant="soft" size="3" onClick={() => setStep(0)}>
                {t('back')}
              </Button>
              <Button type="submit" size="3" disabled={!billingOk}>
                {t('continueToReview')}
              </Button>
            </Flex>
          </form>
        )}

        {step === 2 && (
          <Box>
            <Heading as="h2" size="5" mb="4">
              {t('steps.review')}
            </Heading>
            <Flex direction="column" gap="3" asChild>
              <ul className="plain-list">
                {items.map((item) => (
                  <li key={item.id}>
                    <Flex gap="3" align="center">
                      <ProductImage fileName={item.imageFileName} thumb="120x120" alt="" width={48} height={48} className="thumb" />
                      <Box flexGrow="1">
                        <Text as="p" size="2" weight="medium">
                          {resolveLocalized(item.productName, i18n.language)}
                        </Text>
                        <Text as="p" size="1" color="gray">
                          {formatPrice(item.unitPrice)} × {item.quantity}
                        </Text>
                      </Box>
                      <Text weight="bold">{formatPrice(item.totalPrice)}</Text>
                    </Flex>
                  </li>
                ))}
              </ul>
            </Flex>
            <Separator size="4" my="4" />
            <Flex justify="between" mb="4">
              <Text weight="bold" size="4">
                {t('total')}
              </Text>
              <Text weight="bold" size="4">
                {formatPrice(cart?.totalPrice ?? 0)}
              </Text>
            </Flex>
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <Box>
                <Heading as="h3" size="3" mb="2">
                  {t('shippingAddress')}
                </Heading>
                <AddressSummary info={shipping} />
              </Box>
              <Box>
                <Heading as="h3" size="3" mb="2">
                  {t('billingAddress')}
                </Heading>
                {sameAsShipping ? <Text size="2">{t('sameAsShipping')}</Text> : <AddressSummary info={billing} />}
              </Box>
            </Grid>
            <Flex justify="between" mt="5">
              <Button type="button" variant="soft" size="3" onClick={() => setStep(1)} disabled={placing}>
                {t('back')}
              </Button>
              <Button size="3" onClick={placeOrder} loading={placing}>
                {t('placeOrder')}
              </Button>
            </Flex>
          </Box>
        )}

        {step === 3 && order && (
          <Flex direction="column" align="center" gap="4" py="4">
            <CheckCircledIcon width={48} height={48} color="var(--green-11)" aria-hidden="true" />
            <Heading as="h2" size="6" align="center">
              {t('confirmation.title')}
            </Heading>
            <Text align="center">{t('confirmation.text')}</Text>
            <DataList.Root>
              <DataList.Item>
                <DataList.Label>{t('confirmation.orderNumber')}</DataList.Label>
                <DataList.Value>
                  <Text weight="bold" data-testid="order-number">
                    {order.orderNumber}
                  </Text>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{t('total')}</DataList.Label>
                <DataList.Value>{formatPrice(order.totalAmount)}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
            <Flex gap="3" wrap="wrap" justify="center">
              <Button asChild variant="soft">
                <Link to="/products">{t('confirmation.continueShopping')}</Link>
              </Button>
              <Button asChild>
                <Link to="/account/orders">{t('confirmation.viewOrders')}</Link>
              </Button>
            </Flex>
          </Flex>
        )}
      </Card>
    </Container>
  );
}
