import { useState, type FormEvent } from 'react';
import { Box, Button, Callout, Card, Container, DataList, Flex, Heading, Link as RadixLink, Spinner, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { goToPaymentPage, paymentMethodsQuery } from '../../api/orders';
import type { PaymentMethod, Quote } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { FormField } from '../../components/FormField';
import { TOAST_LONG, useToast } from '../../components/Toast';
import { errorText } from '../../i18n/errors';
import { quoteErrorText } from './quoteErrors';
import { formatDate } from '../../lib/format';
import { serverFieldErrors } from '../../lib/form';
import { PaymentMethodPicker } from '../checkout/PaymentMethodPicker';
import { quoteQuery, useAcceptQuote, useDeclineQuote } from './api';
import { QuoteDocumentLink, QuoteFigures, QuoteStatusBadge } from './QuoteParts';
import { acceptMethods, acceptProblems, canRespond } from './quoteModel';

/** Accept (with a payment method and, on invoice terms, the PO number) or decline (with a reason). */
function Respond({ quote }: { quote: Quote }) {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const methods = useQuery(paymentMethodsQuery(user?.id ?? ''));
  const codes = acceptMethods(methods.data, user);
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const chosen = method || codes[0] || '';
  const [po, setPO] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const accept = useAcceptQuote(quote.id);
  const decline = useDeclineQuote(quote.id);
  const problems = acceptProblems(chosen, po);
  const server = serverFieldErrors(accept.error);
  const poError = server.poNumber ?? (submitted && problems.poNumber ? t(`checkout:validation.${problems.poNumber}`) : undefined);
  const failure = accept.error && !server.poNumber ? quoteErrorText(t, accept.error, 'account:quotes.accept.failed') : '';

  const onAccept = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length || !chosen) return;
    accept.mutate(
      { revision: quote.revision, paymentMethod: chosen, poNumber: po.trim() },
      {
        onSuccess: (order) => {
          toast({ kind: 'success', message: t('quotes.accept.done', { number: order.orderNumber }), duration: TOAST_LONG });
          // By card the order goes on to the hosted payment page, as checkout's does (a full page
          // load); otherwise (bank transfer, invoice, or no payment page to be had) to the order,
          // whose payment panel says how to pay or offers Pay now.
          if (order.checkoutUrl) goToPaymentPage(order.checkoutUrl);
          else navigate(`/account/orders?order=${encodeURIComponent(order.id)}`);
        },
      },
    );
  };

  return (
    <Card size="3" data-testid="quote-respond">
      <form onSubmit={onAccept} noValidate>
        <Heading as="h2" size="5">
          {t('quotes.accept.title')}
        </Heading>
        <PaymentMethodPicker
          methods={methods.data ? { ...methods.data, methods: codes.map((code) => ({ code, enabled: true })) } : undefined}
          value={chosen as PaymentMethod}
          onChange={setMethod}
          poNumber={po}
          onPONumber={setPO}
          poError={poError}
          methodError={server.paymentMethod}
        />
        {failure && (
          <Callout.Root color="red" role="alert" mt="3">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{failure}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="3" mt="4" wrap="wrap" justify="end">
          <Button type="button" variant="soft" color="gray" onClick={() => setDeclining((d) => !d)} aria-expanded={declining}>
            {t('quotes.decline.button')}
          </Button>
          <Button type="submit" size="3" loading={accept.isPending} disabled={!chosen} data-testid="accept-quote">
            {t('quotes.accept.button')}
          </Button>
        </Flex>
      </form>
      {declining && (
        <Box mt="4">
          <FormField id="decline-reason" label={t('quotes.decline.reason')} multiline rows={3} maxLength={1000} value={reason} onChange={setReason} />
          {decline.error && (
            <Text as="p" color="red" size="2" role="alert" mt="2">
              {quoteErrorText(t, decline.error, 'account:quotes.decline.failed')}
            </Text>
          )}
          <Flex justify="end" mt="3">
            <Button color="red" variant="soft" loading={decline.isPending} onClick={() => decline.mutate(reason.trim())} data-testid="decline-quote">
              {t('quotes.decline.confirm')}
            </Button>
          </Flex>
        </Box>
      )}
    </Card>
  );
}

/** /account/quotes/:quoteId: the latest revision, its document, and the customer's answer. */
export default function QuotePage() {
  const { quoteId = '' } = useParams();
  const { t, i18n } = useTranslation('account');
  const q = useQuery(quoteQuery(quoteId));
  const quote = q.data;
  return (
    <Container size="3" px={{ initial: '3', sm: '5' }} py="5">
      <Button asChild variant="ghost" mb="3">
        <Link to="/account/quotes">{t('quotes.back')}</Link>
      </Button>
      {q.isPending && (
        <Flex justify="center" py="8" role="status" aria-label={t('common:loading')}>
          <Spinner size="3" />
        </Flex>
      )}
      {q.isError && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{errorText(t, q.error, 'account:quotes.loadFailed')}</Callout.Text>
        </Callout.Root>
      )}
      {quote && (
        <Flex direction="column" gap="4">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Heading as="h1" size="7" data-testid="quote-number">
              {t('quotes.title', { number: quote.number })}
            </Heading>
            <QuoteStatusBadge quote={quote} />
          </Flex>
          <Card>
            <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
              {quote.eventName && (
                <DataList.Item>
                  <DataList.Label minWidth="140px">{t('quotes.fields.eventName')}</DataList.Label>
                  <DataList.Value>{quote.eventName}</DataList.Value>
                </DataList.Item>
              )}
              {quote.eventDate && (
                <DataList.Item>
                  <DataList.Label minWidth="140px">{t('quotes.fields.eventDate')}</DataList.Label>
                  <DataList.Value>{quote.eventDate}</DataList.Value>
                </DataList.Item>
              )}
              {quote.venue && (
                <DataList.Item>
                  <DataList.Label minWidth="140px">{t('quotes.fields.venue')}</DataList.Label>
                  <DataList.Value>{quote.venue}</DataList.Value>
                </DataList.Item>
              )}
              <DataList.Item>
                <DataList.Label minWidth="140px">{t('quotes.validUntil')}</DataList.Label>
                <DataList.Value data-testid="quote-valid-until">{quote.validUntil ? formatDate(quote.validUntil, i18n.language) : t('quotes.notPriced')}</DataList.Value>
              </DataList.Item>
              {quote.poNumber && (
                <DataList.Item>
                  <DataList.Label minWidth="140px">{t('checkout:payment.poNumber')}</DataList.Label>
                  <DataList.Value>{quote.poNumber}</DataList.Value>
                </DataList.Item>
              )}
              {quote.orderNumber && (
                <DataList.Item>
                  <DataList.Label minWidth="140px">{t('quotes.order')}</DataList.Label>
                  <DataList.Value>
                    <RadixLink asChild>
                      <Link to={`/account/orders?order=${encodeURIComponent(quote.orderId)}`}>{quote.orderNumber}</Link>
                    </RadixLink>
                  </DataList.Value>
                </DataList.Item>
              )}
            </DataList.Root>
          </Card>
          {quote.status === 'requested' && (
            <Callout.Root color="indigo" variant="surface">
              <Callout.Icon>
                <InfoCircledIcon />
              </Callout.Icon>
              <Callout.Text>{t('quotes.pricing')}</Callout.Text>
            </Callout.Root>
          )}
          <Card size="2">
            <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
              <Heading as="h2" size="4">
                {t('quotes.revision', { revision: quote.revision })}
              </Heading>
              <QuoteDocumentLink quote={quote} />
            </Flex>
            <QuoteFigures quote={quote} />
            <Text as="p" size="2" color="gray" mt="3" data-testid="quote-availability">
              {t('quotes.subjectToAvailability')}
            </Text>
          </Card>
          {canRespond(quote) && <Respond quote={quote} />}
        </Flex>
      )}
    </Container>
  );
}
