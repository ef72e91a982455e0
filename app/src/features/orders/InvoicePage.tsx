import { useEffect, useRef } from 'react';
import { Button, Callout, Container, Flex, Spinner, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { api, API_BASE } from '../../api/client';
import { normalizeLanguage } from '../../i18n/languages';

/**
 * The invoice's server page, opened with a short-lived file token (a browser tab sends no bearer token)
 * and the reader's language, so that an expired link comes back to this page in that language.
 */
const invoiceUrl = (orderId: string, token: string, lang: string) =>
  `${API_BASE}/checkout/orders/${encodeURIComponent(orderId)}/invoice?token=${encodeURIComponent(token)}&lang=${encodeURIComponent(lang)}`;

/**
 * Opens an order's printable invoice: the link of My Orders, the admin's order and the e-mails.
 * It asks PocketBase for a file token (valid for minutes) and replaces itself with the invoice page,
 * so the token never stays in the history; the server sends an expired link back here.
 */
export default function InvoicePage() {
  const { orderId = '' } = useParams();
  const { t, i18n } = useTranslation('account');
  const token = useMutation({ mutationFn: () => api.post<{ token: string }>('/files/token', {}) });
  const { mutate } = token;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSuccess: ({ token }) => window.location.replace(invoiceUrl(orderId, token, normalizeLanguage(i18n.language) ?? 'en')) });
  }, [mutate, orderId, i18n]);

  return (
    <Container size="2" px={{ initial: '3', sm: '5' }} py="6">
      {token.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{t('orders.invoice.failed')}</Callout.Text>
        </Callout.Root>
      ) : (
        <Flex align="center" gap="3" role="status">
          <Spinner size="3" />
          <Text>{t('orders.invoice.opening')}</Text>
        </Flex>
      )}
      <Button asChild variant="soft" mt="4">
        <Link to="/account/orders">{t('orders.invoice.back')}</Link>
      </Button>
    </Container>
  );
}
