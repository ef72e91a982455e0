import { Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';

/**
 * "From quote Q-2026-000042" where an order made from a quote appears (issue 47: the shopper's
 * orders and the admin's, as on the invoice and the CSV); nothing for other orders.
 */
export function FromQuote({ number, size = '2' }: { number?: string; size?: '1' | '2' }) {
  const { t } = useTranslation('common');
  if (!number) return null;
  return (
    <Text as="div" size={size} color="gray" data-testid="from-quote">
      {t('quote.fromQuote', { number })}
    </Text>
  );
}
