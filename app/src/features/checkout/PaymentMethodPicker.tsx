import { Box, Flex, Heading, RadioCards, Text, TextField } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentMethods } from '../../api/types';

interface Props {
  methods: PaymentMethods | undefined;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  poNumber: string;
  onPONumber: (po: string) => void;
  /** The server's or the form's message for the PO number. */
  poError?: string;
  methodError?: string;
}

/** The payment methods the server enables for this shopper, as cards; invoice asks for the PO number. */
export function PaymentMethodPicker({ methods, value, onChange, poNumber, onPONumber, poError, methodError }: Props) {
  const { t } = useTranslation('checkout');
  const enabled = (methods?.methods ?? []).filter((m) => m.enabled);
  return (
    <Box mt="5" data-testid="payment-methods">
      <Heading as="h3" size="4" mb="2" id="payment-method-title">
        {t('payment.title')}
      </Heading>
      {methodError && (
        <Text as="p" color="red" size="2" mb="2" role="alert">
          {methodError}
        </Text>
      )}
      <RadioCards.Root
        value={value}
        onValueChange={(v) => onChange(v as PaymentMethod)}
        columns={{ initial: '1', sm: String(Math.max(1, enabled.length)) }}
        aria-labelledby="payment-method-title"
      >
        {enabled.map((m) => (
          <RadioCards.Item key={m.code} value={m.code} data-testid={`payment-${m.code}`}>
            <Flex as="span" direction="column" width="100%">
              <Text weight="bold">{t(`payment.methods.${m.code}`)}</Text>
              <Text size="2" color="gray">
                {t(`payment.hints.${m.code}`, { days: methods?.invoiceTermsDays ?? 30, minutes: methods?.holdMinutes ?? 60 })}
              </Text>
            </Flex>
          </RadioCards.Item>
        ))}
      </RadioCards.Root>
      {value === 'invoice' && (
        <Box mt="3" maxWidth="360px">
          <Text as="label" htmlFor="po-number" size="2" weight="medium">
            {t('payment.poNumber')}
          </Text>
          <TextField.Root
            id="po-number"
            value={poNumber}
            maxLength={100}
            onChange={(e) => onPONumber(e.target.value)}
            aria-invalid={poError ? true : undefined}
            aria-describedby={poError ? 'po-number-error' : undefined}
            mt="1"
          />
          {poError && (
            <Text id="po-number-error" color="red" size="1">
              {poError}
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}
