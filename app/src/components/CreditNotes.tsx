import { Box, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { CreditNote } from '../api/types';
import { usePrice } from '../lib/format';

/** The credit notes of an order's refunds: number, amount, tax given back. */
export function CreditNotes({ notes }: { notes?: CreditNote[] }) {
  const { t } = useTranslation('common');
  const price = usePrice();
  if (!notes?.length) return null;
  return (
    <Box mt="3" data-testid="credit-notes">
      <Text as="p" size="2" weight="bold">
        {t('tax.creditNotes')}
      </Text>
      {notes.map((n) => (
        <Text as="p" size="2" color="gray" key={n.id}>
          {t('tax.creditNote', { number: n.number, amount: price(-n.amount), tax: price(-n.taxAmount) })}
        </Text>
      ))}
    </Box>
  );
}
