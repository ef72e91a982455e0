import { useEffect, useRef } from 'react';
import { Button, Callout, Container, Flex, Spinner, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorText } from '../../i18n/errors';
import { quoteDocument } from './api';

/**
 * Opens a quote's printable document (the customer's own, or any for the shop's staff): a
 * browser tab sends no bearer token, so the page reads the document with it and shows it in
 * place of itself.
 */
export default function QuoteDocumentPage() {
  const { quoteId = '' } = useParams();
  const { t } = useTranslation('account');
  const doc = useMutation({ mutationFn: () => quoteDocument(quoteId) });
  const { mutate } = doc;
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSuccess: (blob) => window.location.replace(URL.createObjectURL(blob)) });
  }, [mutate]);
  return (
    <Container size="2" px={{ initial: '3', sm: '5' }} py="6">
      {doc.isError ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{errorText(t, doc.error, 'account:quotes.documentFailed')}</Callout.Text>
        </Callout.Root>
      ) : (
        <Flex align="center" gap="3" role="status">
          <Spinner size="3" />
          <Text>{t('quotes.documentOpening')}</Text>
        </Flex>
      )}
      <Button asChild variant="soft" mt="4">
        <Link to={`/account/quotes/${encodeURIComponent(quoteId)}`}>{t('quotes.back')}</Link>
      </Button>
    </Container>
  );
}
