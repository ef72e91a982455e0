import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, Container, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { addressesQuery } from '../../api/addresses';
import { productQuery } from '../../api/catalog';
import { isApiError } from '../../api/client';
import type { ShippingInfo, User } from '../../api/types';
import type { Product } from '../../api/wire.gen';
import { useAuth } from '../../auth/AuthContext';
import { FormField } from '../../components/FormField';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { TOAST_LONG, useToast } from '../../components/Toast';
import { errorText } from '../../i18n/errors';
import { useForm } from '../../lib/form';
import { resolveLocalized } from '../../lib/localized';
import { lineName, variantLabel } from '../../lib/variants';
import { HireDates, type HireRange } from '../catalog/HireDates';
import { AddressForm, useAddressForm } from '../addresses/AddressForm';
import { useCart } from '../cart/CartContext';
import { emptyShipping, SHIPPING_FIELDS, trimAll } from '../checkout/validation';
import { useRequestQuote } from './api';
import { emptyEvent, hireProblem, hireWanted, requestBody, singleLineOf, type QuoteEvent } from './quoteModel';
import type { SingleLine } from '../../lib/quotePath';
import { ErrorCallout } from '../../components/ErrorCallout';

const EVENT_FIELDS = ['eventName', 'eventDate', 'venue'] as const;

/** The server's refusals of a hire's dates, shown at the dates. */
const HIRE_CODES = new Set(['hire_dates_required', 'hire_too_soon', 'hire_too_short', 'not_for_hire']);

/** What the request is for: the cart's lines, or the one product from its page (with its hire dates). */
function RequestLines({ line, product }: { line: SingleLine | null; product: Product | undefined }) {
  const { t, i18n } = useTranslation('account');
  const { cart } = useCart();
  const p = product;
  const label = p && line?.variantId ? variantLabel(p, p.variants?.find((v) => v.id === line.variantId), i18n.language) : '';
  const dates = (h: { start: string; end: string } | undefined | null) => (h?.start && h.end ? ` (${h.start} – ${h.end})` : '');
  const names = line
    ? p
      ? [`${resolveLocalized(p.nameLocalized, i18n.language, p.name)}${label ? ` - ${label}` : ''} × ${line.quantity}${dates(line.hire)}`]
      : []
    : (cart?.items ?? []).map((it) => `${lineName(it.productName, it.variantLabelLocalized, i18n.language)} × ${it.quantity}${dates(it.hire)}`);
  return (
    <Card>
      <Heading as="h2" size="4" mb="2">
        {t('quotes.request.items')}
      </Heading>
      <ul className="plain-list" data-testid="quote-request-lines">
        {names.map((n, i) => (
          <li key={i}>
            <Text size="2">{n}</Text>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The hire's quantity and dates for one product asked for on hire (the product page's calendar), and what is wrong with them. */
function HireCard({ line, product, onLine, problem }: { line: SingleLine & { hire: HireRange }; product: Product; onLine: (l: SingleLine) => void; problem: string }) {
  const { t } = useTranslation('account');
  return (
    <Card size="2" data-testid="quote-hire-dates">
      <Heading as="h2" size="4" mb="3">
        {t('quotes.request.hireTitle')}
      </Heading>
      <HireDates
        product={product}
        variant={product.variants?.find((v) => v.id === line.variantId)}
        quantity={line.quantity}
        onQuantity={(quantity) => onLine({ ...line, quantity })}
        range={line.hire}
        onRange={(hire) => onLine({ ...line, hire })}
      />
      {problem && (
        <Text as="p" size="2" color="red" role="alert" mt="2">
          {problem}
        </Text>
      )}
    </Card>
  );
}

/** /quotes/new: the request form (the event, a message, the delivery address) for the cart's lines or one product. */
export default function QuoteRequestPage() {
  const { user } = useAuth();
  const { cart } = useCart();
  if (!user || !cart) return <FullPageSpinner />;
  return <RequestForm user={user} />;
}

function RequestForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  // The one product with its quantity and hire dates as picked here (from the address at first).
  const [line, setLine] = useState(() => singleLineOf(params));
  const product = useQuery({ ...productQuery(line?.productId ?? ''), enabled: !!line });
  // A product for hire only is asked for on hire even when the link did not say so.
  if (line && !line.hire && hireWanted(line, product.data)) setLine({ ...line, hire: { start: '', end: '' } });
  const [submitted, setSubmitted] = useState(false);
  const { cart } = useCart();
  const request = useRequestQuote();
  // New dates or quantity: the server's answer about the old ones no longer stands.
  const changeLine = (l: SingleLine) => {
    setLine(l);
    request.reset();
  };
  const [shipping, setShipping] = useState<ShippingInfo>(() => ({ ...emptyShipping(), firstName: user.firstName, lastName: user.lastName, email: user.email }));
  const address = useAddressForm(shipping, setShipping, SHIPPING_FIELDS, {});
  const event = useForm<QuoteEvent>({ initial: emptyEvent, message: (key) => t(`checkout:validation.${key}`) });
  const book = useQuery(addressesQuery());
  const [prefilled, setPrefilled] = useState(false);
  // The default address of the book fills the form once, when the book arrives.
  if (!prefilled && book.data) {
    setPrefilled(true);
    const def = book.data.find((a) => a.isDefault);
    if (def) setShipping((s) => ({ ...s, firstName: def.firstName, lastName: def.lastName, address: def.address, city: def.city, state: def.state, zipCode: def.zipCode, country: def.country, phone: def.phone || s.phone }));
  }

  const empty = !line && (cart?.items.length ?? 0) === 0;
  const datesMissing = hireProblem(line);
  const hireServer = isApiError(request.error) && (HIRE_CODES.has(request.error.code) || Object.keys(request.error.errors ?? {}).some((k) => k.startsWith('lines.0.hire')));
  const hireText = hireServer ? errorText(t, request.error, 'account:quotes.request.failed') : submitted && datesMissing ? t(`quotes.request.${datesMissing}`) : '';
  const onSubmit = address.handleSubmit(() =>
    datesMissing ? undefined : request.mutate(requestBody(event.values, trimAll(shipping), line), {
      onSuccess: (q) => {
        toast({ kind: 'success', message: t('quotes.request.sent', { number: q.number }), duration: TOAST_LONG });
        navigate(`/account/quotes/${q.id}`);
      },
      onError: (err) => {
        address.serverFailed(err, undefined, (p) => p.replace(/^shippingInfo\./, ''));
        event.serverFailed(err);
      },
    }),
  );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    setSubmitted(true);
    onSubmit(e);
  };
  const failure = request.error && !hireServer && !Object.keys(address.serverErrors).length && !Object.keys(event.serverErrors).length ? errorText(t, request.error, 'account:quotes.request.failed') : '';

  return (
    <Container size="3" px={{ initial: '3', sm: '5' }} py="5">
      <Heading as="h1" size="7" mb="2">
        {t('quotes.request.title')}
      </Heading>
      <Text as="p" color="gray" mb="4">
        {t('quotes.request.intro')}
      </Text>
      {empty ? (
        <Card size="3">
          <Flex direction="column" gap="3" align="start">
            <Text>{t('quotes.request.empty')}</Text>
            <Button asChild>
              <Link to="/">{t('orders.empty.shop')}</Link>
            </Button>
          </Flex>
        </Card>
      ) : (
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="4">
            <RequestLines line={line} product={product.data} />
            {line?.hire && product.data && <HireCard line={{ ...line, hire: line.hire }} product={product.data} onLine={changeLine} problem={hireText} />}
            <Card size="2">
              <Heading as="h2" size="4" mb="3">
                {t('quotes.request.event')}
              </Heading>
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                {EVENT_FIELDS.map((f) => (
                  <div key={f} style={f === 'eventName' ? { gridColumn: '1 / -1' } : undefined}>
                    <FormField id={`quote-${f}`} label={t(`quotes.fields.${f}`)} maxLength={200} type={f === 'eventDate' ? 'date' : 'text'} {...event.field(f)} />
                  </div>
                ))}
                <div style={{ gridColumn: '1 / -1' }}>
                  <FormField id="quote-message" label={t('quotes.fields.message')} multiline rows={4} maxLength={2000} hint={t('quotes.request.messageHint')} {...event.field('message')} />
                </div>
              </Grid>
            </Card>
            <Card size="2">
              <Heading as="h2" size="4" mb="3">
                {t('quotes.request.delivery')}
              </Heading>
              <AddressForm prefix="shipping" form={address} fields={SHIPPING_FIELDS} />
            </Card>
            <Callout.Root color="gray" variant="surface">
              <Callout.Icon>
                <InfoCircledIcon />
              </Callout.Icon>
              <Callout.Text>{t('quotes.request.holdsNothing')}</Callout.Text>
            </Callout.Root>
            <ErrorCallout message={failure} />
            <Flex gap="3" justify="end" wrap="wrap">
              <Button type="submit" size="3" loading={request.isPending} data-testid="send-quote-request">
                {t('quotes.request.submit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </Container>
  );
}
