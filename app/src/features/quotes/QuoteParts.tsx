import { Badge, Box, Flex, Link as RadixLink, Separator, Text } from '@radix-ui/themes';
import { FileTextIcon } from '@radix-ui/react-icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../api/types';
import { usePrice } from '../../lib/format';
import { resolveLocalized } from '../../lib/localized';
import { lineName } from '../../lib/variants';
import { QUOTE_STATUS_COLORS, shownStatus } from './quoteModel';

/** A quote's status chip (a sent quote past its validity shows as expired). */
export function QuoteStatusBadge({ quote }: { quote: Pick<Quote, 'status' | 'validUntil'> }) {
  const { t } = useTranslation('common');
  const status = shownStatus(quote);
  return (
    <Badge color={QUOTE_STATUS_COLORS[status]} variant="soft" radius="full" size="2" data-testid="quote-status">
      {t(`quoteStatus.${status}`)}
    </Badge>
  );
}

/** One row of figures: a label on the left, an amount on the right. */
function Row({ label, value, strong, testId, color }: { label: string; value: string; strong?: boolean; testId?: string; color?: 'green' }) {
  return (
    <Flex justify="between" gap="3">
      <Text color={color ?? (strong ? undefined : 'gray')} weight={strong ? 'bold' : undefined}>
        {label}
      </Text>
      <Text weight={strong ? 'bold' : undefined} color={color} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Flex>
  );
}

/** The latest revision's product lines and service lines, then its figures as the order will take them. */
export function QuoteFigures({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation('common');
  const price = usePrice();
  const lang = i18n.language;
  return (
    <Flex direction="column" gap="3" data-testid="quote-figures">
      <Flex direction="column" gap="3" asChild>
        <ul className="plain-list">
          {quote.lines.map((l, i) => (
            <li key={`${l.variantId}-${l.hire?.start ?? ''}-${i}`} data-testid="quote-line">
              <Flex justify="between" gap="3" align="start">
                <Box minWidth="0">
                  <Text as="p" weight="medium">
                    {lineName(l.productName, l.variantLabel, lang)}
                  </Text>
                  <Text as="p" size="2" color="gray">
                    {price(l.unitPrice)} × {l.quantity}
                    {l.unitPrice < l.listPrice ? ` · ${t('quote.listPrice', { price: price(l.listPrice) })}` : ''}
                  </Text>
                  {l.hire && (
                    <Text as="p" size="2" color="gray">
                      {t('cart.hireDates', { start: l.hire.start, end: l.hire.end, count: l.hire.days })}
                      {l.deposit ? ` · ${t('cart.hireDeposit', { price: price(l.deposit) })}` : ''}
                    </Text>
                  )}
                </Box>
                <Text weight="bold" style={{ whiteSpace: 'nowrap' }}>
                  {price(l.lineTotal)}
                </Text>
              </Flex>
            </li>
          ))}
          {quote.serviceLines.map((s, i) => (
            <li key={`service-${i}`} data-testid="quote-service-line">
              <Flex justify="between" gap="3" align="start">
                <Box minWidth="0">
                  <Text as="p" weight="medium">
                    {resolveLocalized(s.name, lang)}
                  </Text>
                  <Text as="p" size="2" color="gray">
                    {t('quote.service')}
                  </Text>
                </Box>
                <Text weight="bold" style={{ whiteSpace: 'nowrap' }}>
                  {price(s.amount)}
                </Text>
              </Flex>
            </li>
          ))}
        </ul>
      </Flex>
      <Separator size="4" />
      <Flex direction="column" gap="1" data-testid="quote-totals">
        <Row label={t('shipping.subtotal')} value={price(quote.subtotal)} />
        {quote.discountAmount > 0 && <Row label={t('quote.discount')} value={`−${price(quote.discountAmount)}`} color="green" />}
        <Row label={t('shipping.shipping')} value={price(quote.shippingAmount)} testId="quote-shipping" />
        <Row label={t('quote.tax')} value={price(quote.taxAmount)} testId="quote-tax" />
        {quote.depositAmount > 0 && <Row label={t('quote.deposit')} value={price(quote.depositAmount)} />}
        <Row label={t('shipping.total')} value={price(quote.total)} strong testId="quote-total" />
      </Flex>
    </Flex>
  );
}

/** "Quote Q-2026-000042", opening the printable document in a new tab. */
export function QuoteDocumentLink({ quote }: { quote: Pick<Quote, 'id' | 'number'> }) {
  const { t } = useTranslation('common');
  return (
    <RadixLink asChild size="2" data-testid="quote-document-link">
      <Link to={`/account/quotes/${encodeURIComponent(quote.id)}/document`} target="_blank" rel="noopener">
        <FileTextIcon aria-hidden="true" style={{ verticalAlign: '-2px', marginRight: 4 }} />
        {t('quote.document', { number: quote.number })}
      </Link>
    </RadixLink>
  );
}
