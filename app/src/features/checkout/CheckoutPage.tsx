import { Suspense, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Card, Container, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/types';
import { CheckoutAccount } from '../account/CheckoutAccount';
import { useAuth } from '../../auth/AuthContext';
import { errorsBelow } from '../../lib/form';
import { resolveLocalized } from '../../lib/localized';
import { useCart } from '../cart/CartContext';
import { goToPaymentPage } from '../../api/orders';
import { EmptyCheckout } from './EmptyCheckout';
import { clearDraft, useCheckoutDraft } from './draft';
import { OrderSummary } from './OrderSummary';
import { PlaceOrderNotice, type ReviewSnapshot } from './PlaceOrderNotice';
import { useDeliveryText } from './ShippingMethodCards';
import { ShippingStep } from './ShippingStep';
import { usePaymentChoice } from './usePaymentChoice';
import { usePlaceOrderFlow } from './usePlaceOrderFlow';
import { useReviewedFigures } from './useReviewedFigures';
import { useCheckoutFigures } from './useCheckoutFigures';
import { useSavedAddresses } from './useSavedAddresses';
import { billingFromShipping, emptyShipping, isBlankAddress } from './validation';
import './checkout.css';
import { shippingMethodsQuery } from '../../api/shipping';
import { useFreeShippingText } from '../../lib/freeShippingText';
import { lazyWithPreload } from '../../lib/lazyWithPreload';

// Only the step on screen is in the page's start-up code (issue 44: on a phone the page ran every
// step's code, the payment picker's too, before it painted). The others load while the shopper
// fills in the address, so Continue shows the next step at once.
const BillingStep = lazyWithPreload(() => import('./BillingStep').then((m) => ({ default: m.BillingStep })));
const ReviewStep = lazyWithPreload(() => import('./ReviewStep').then((m) => ({ default: m.ReviewStep })));
const ConfirmationStep = lazyWithPreload(() => import('./ConfirmationStep').then((m) => ({ default: m.ConfirmationStep })));

const STEP_KEYS = ['shipping', 'billing', 'review', 'confirmation'] as const;

export default function CheckoutPage() {
  const { user, status } = useAuth();
  const { cart } = useCart();
  // Signed out: the account is made here, on the checkout page (issue 44), not behind a login wall.
  if (status === 'anonymous') return <CheckoutAccount />;
  // Wait for the signed-in user (to prefill) and the cart (not to flash "empty"), under the
  // page's heading and steps: they are painted at once, and stay where they are.
  if (!user || !cart) return <CheckoutFrame step={0} loading />;
  return <Checkout user={user} />;
}

/** The page's heading and its steps, and under them the step's content (or a spinner while loading). */
function CheckoutFrame({ step, loading, children }: { step: number; loading?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('checkout');
  return (
    <Container size="4" px={{ initial: '3', sm: '5' }} py="5">
      <Heading as="h1" size="7" mb="4">
        {t('title')}
      </Heading>
      <ol className="plain-list checkout-progress" aria-label={t('progress')}>
        {STEP_KEYS.map((k, i) => (
          <li key={k} aria-current={i === step ? 'step' : undefined}>
            <Text size="2" weight={i === step ? 'bold' : 'regular'} color={i === step ? 'indigo' : i < step ? 'green' : 'gray'}>
              {i + 1}. {t(`steps.${k}`)}
            </Text>
          </li>
        ))}
      </ol>
      {loading ? <StepSpinner /> : children}
    </Container>
  );
}

function StepSpinner() {
  const { t } = useTranslation('common');
  return (
    <Flex role="status" aria-live="polite" align="center" justify="center" gap="3" py="9">
      <Spinner size="3" />
      <Text color="gray">{t('loading')}</Text>
    </Flex>
  );
}

function Checkout({ user }: { user: User }) {
  const { t, i18n } = useTranslation('checkout');
  const { cart } = useCart();
  const delivery = useDeliveryText();
  const [draft, update] = useCheckoutDraft(user.id, () => ({
    userId: user.id,
    step: 0,
    shipping: { ...emptyShipping(), firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email ?? '' },
    billing: billingFromShipping(emptyShipping()),
    sameAsShipping: true,
    shippingMethod: '',
    business: { companyName: user.companyName ?? '', taxId: user.taxId ?? '' },
  }));
  const flow = usePlaceOrderFlow({
    onPlaced: (created) => {
      clearDraft();
      // A card order goes on to the hosted payment page (a full page load).
      if (created.checkoutUrl) goToPaymentPage(created.checkoutUrl);
    },
    onFieldErrors: (errors) => {
      const keys = Object.keys(errors);
      if (keys.some((k) => k.startsWith('shippingInfo.') || k === 'shippingMethod')) update({ step: 0 });
      else if (keys.some((k) => k.startsWith('billingInfo.') || k === 'paymentMethod' || k === 'poNumber')) update({ step: 1 });
    },
  });
  const payment = usePaymentChoice(user.id, draft, update, flow.serverErrors);

  const order = flow.placed;
  const step = order ? 3 : draft.step;

  // Each step and the confirmation start at their top, with the heading focused for screen readers.
  // Not on the first render: the page opens at its top, and scrolling there forced a layout of the
  // whole page in the middle of its start (0.2 s on a slowed phone).
  const firstStep = useRef(step);
  useEffect(() => {
    if (firstStep.current !== step) {
      firstStep.current = -1;
      window.scrollTo({ top: 0 });
    }
    document.querySelector<HTMLElement>('.step-heading')?.focus({ preventScroll: true });
  }, [step]);
  // The next steps' code, once this one is on screen.
  useEffect(() => {
    const id = setTimeout(() => {
      BillingStep.preload().catch(() => undefined);
      ReviewStep.preload().catch(() => undefined);
      ConfirmationStep.preload().catch(() => undefined);
    }, 0);
    return () => clearTimeout(id);
  }, []);

  const rules = useQuery(shippingMethodsQuery('', 0));
  const book = useSavedAddresses(draft, update, rules.data?.homeCountry ?? (rules.isError ? '' : undefined));
  const choose = useCallback((shippingMethod: string) => update({ shippingMethod }), [update]);
  const figures = useCheckoutFigures(`user:${user.id}`, cart, draft, choose);
  const { items, subtotal, discounts, methods, chosen, shippingAmount, estimate, total } = figures;
  const methodName = chosen ? resolveLocalized(chosen.name, i18n.language) : '';
  const billing = draft.sameAsShipping ? billingFromShipping(draft.shipping) : draft.billing;
  const freeShippingNote = useFreeShippingText(subtotal, draft.shipping.country.trim());

  // Settled figures (the only ones compared or sent) always carry the estimate's total.
  const current: ReviewSnapshot = { items, shipping: shippingAmount ?? 0, tax: estimate?.taxAmount ?? 0, total: total ?? 0 };
  const reviewed = useReviewedFigures(step === 2, figures.settled, current, flow.problem?.kind === 'totalChanged');

  // While the order is on its way the cart may already be empty (the order emptied it).
  if (step < 3 && items.length === 0 && !flow.placing) return <EmptyCheckout />;

  const place = () => {
    // Only the figures of one settled answer are confirmed (the button is disabled until then).
    if (flow.placing || figures.fetching || !figures.settled) return;
    const { total: expectedTotal, before } = reviewed.decide();
    flow.place(
      {
        shippingInfo: draft.shipping,
        billingInfo: { ...billing, companyName: draft.business?.companyName ?? '', taxId: draft.business?.taxId ?? '' },
        useShippingForBilling: draft.sameAsShipping,
        shippingMethod: draft.shippingMethod,
        expectedTotal,
        paymentMethod: payment.method,
        poNumber: payment.method === 'invoice' ? payment.poNumber : '',
      },
      before,
    );
  };
  const problem = reviewed.change ?? flow.problem;

  return (
    <CheckoutFrame step={step}>
      {step === 3 && order ? (
        <Card size="3">
          <Suspense fallback={<StepSpinner />}>
            <ConfirmationStep order={order} />
          </Suspense>
        </Card>
      ) : (
        <div className="checkout-layout">
          <OrderSummary
            items={items}
            subtotal={subtotal}
            discounts={discounts}
            shipping={shippingAmount}
            methodName={methodName}
            tax={estimate}
            total={total}
            freight={!!chosen?.freight}
            freeShippingNote={freeShippingNote ?? undefined}
          />
          <Card size="3" className="checkout-main">
            <Suspense fallback={<StepSpinner />}>
              {step === 0 && (
                <ShippingStep
                  value={draft.shipping}
                  onChange={book.edit}
                  methods={methods}
                  methodsLoading={figures.methodsLoading}
                  saved={book.saved}
                  savedId={draft.savedAddressId ?? ''}
                  onPick={book.pick}
                  saveNew={!!draft.saveAddress}
                  onSaveNew={(saveAddress) => update({ saveAddress })}
                  method={draft.shippingMethod}
                  onMethod={(shippingMethod) => update({ shippingMethod })}
                  serverErrors={{ ...errorsBelow(flow.serverErrors, 'shippingInfo'), ...(flow.serverErrors.shippingMethod ? { shippingMethod: flow.serverErrors.shippingMethod } : {}) }}
                  onNext={() => {
                    book.keepIfAsked();
                    update({ step: 1 });
                  }}
                />
              )}
              {step === 1 && (
                <BillingStep
                  value={billing}
                  business={draft.business ?? { companyName: user.companyName ?? '', taxId: user.taxId ?? '' }}
                  onBusiness={(business) => update({ business })}
                  sameAsShipping={draft.sameAsShipping}
                  onSameAsShipping={(on) =>
                    // Turning it off keeps what the shopper typed in billing before; a blank billing starts from shipping.
                    update(!on && isBlankAddress(draft.billing) ? { sameAsShipping: false, billing: billingFromShipping(draft.shipping) } : { sameAsShipping: on })
                  }
                  onChange={(b) => update({ billing: b })}
                  serverErrors={errorsBelow(flow.serverErrors, 'billingInfo')}
                  onBack={() => update({ step: 0 })}
                  onNext={() => update({ step: 2 })}
                  payment={payment}
                />
              )}
              {step === 2 && (
                <ReviewStep
                  shipping={draft.shipping}
                  billing={billing}
                  business={draft.business ?? { companyName: '', taxId: '' }}
                  sameAsShipping={draft.sameAsShipping}
                  methodName={methodName}
                  delivery={chosen ? delivery(chosen) : ''}
                  paymentName={t(`payment.methods.${payment.method}`)}
                  subtotal={subtotal}
                  discounts={discounts}
                  shippingAmount={shippingAmount ?? 0}
                  freight={!!chosen?.freight}
                  tax={estimate}
                  total={total}
                  confirmNewTotal={problem?.kind === 'totalChanged' ? problem.newTotal : null}
                  placing={flow.placing || figures.fetching || !figures.settled}
                  reading={reviewed.reading}
                  notice={problem && <PlaceOrderNotice problem={problem} items={items} shipping={shippingAmount ?? 0} tax={estimate?.taxAmount ?? 0} />}
                  onBack={() => update({ step: 1 })}
                  onPlace={place}
                />
              )}
            </Suspense>
          </Card>
        </div>
      )}
    </CheckoutFrame>
  );
}
