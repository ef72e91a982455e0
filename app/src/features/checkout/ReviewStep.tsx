import type { ReactNode } from 'react';
import { Box, Button, Flex, Grid, Heading, Separator, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { Discount, PostalAddress, ShippingInfo } from '../../api/types';
import { usePrice } from '../../lib/format';
import { taxRows, type TaxFigures } from '../../lib/tax';
import type { BusinessDetails } from '../../lib/business';
import { countryName } from '../../lib/countries';
import { discountRows } from '../../lib/discounts';

function AddressSummary({ info }: { info: Partial<ShippingInfo> }) {
  const { i18n } = useTranslation();
  return (
    <Text as="p" size="2" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {[`${info.firstName ?? ''} ${info.lastName ?? ''}`.trim(), info.address, `${info.city ?? ''}, ${info.state ?? ''} ${info.zipCode ?? ''}`, info.country ? countryName(info.country, i18n.language) : '', info.phone, info.email]
        .filter(Boolean)
        .join('\n')}
    </Text>
  );
}

interface Props {
  shipping: ShippingInfo;
  billing: PostalAddress;
  business: BusinessDetails;
  sameAsShipping: boolean;
  methodName: string;
  delivery: string;
  /** The payment method's name. */
  paymentName: string;
  subtotal: number;
  /** The server's discounts for the address and method. */
  discounts?: Discount[];
  shippingAmount: number;
  /** The shipping is freight quoted separately: no amount, nothing charged before the quote. */
  freight?: boolean;
  tax: TaxFigures | null;
  /** null while the server's total is on its way. */
  total: number | null;
  /** The new total the shopper must confirm (it changed on the server), else null. */
  confirmNewTotal: number | null;
  placing: boolean;
  notice?: ReactNode;
  /** New figures were just shown: Place order waits until they can have been read. */
  reading?: boolean;
  onBack: () => void;
  onPlace: () => void;
}

/** Step 3: everything the order will be, with the server's total, and Place order. */
export function ReviewStep(p: Props) {
  const { t, i18n } = useTranslation('checkout');
  const price = usePrice();
  const offs = discountRows(p.discounts, i18n.language, price, t('common:shipping.free'));
  const tax = p.tax ? taxRows(p.tax, t, price) : { before: [], after: [] };
  return (
    <Box>
      <Heading as="h2" size="5" mb="4" tabIndex={-1} className="step-heading">
        {t('steps.review')}
      </Heading>
      {p.notice}
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <Box>
          <Heading as="h3" size="3" mb="2">
            {t('shippingAddress')}
          </Heading>
          <AddressSummary info={p.shipping} />
          <Text as="p" size="2" mt="2">
            {p.delivery ? `${p.methodName} · ${p.delivery}` : p.methodName}
          </Text>
        </Box>
        <Box>
          <Heading as="h3" size="3" mb="2">
            {t('billingAddress')}
          </Heading>
          {p.sameAsShipping ? <Text size="2">{t('sameAsShipping')}</Text> : <AddressSummary info={p.billing} />}
          {(p.business.companyName.trim() || p.business.taxId.trim()) && (
            <Text as="p" size="2" mt="2" data-testid="review-business" style={{ overflowWrap: 'anywhere' }}>
              {[p.business.companyName.trim(), p.business.taxId.trim() && `${t('fields.taxIdShort')}: ${p.business.taxId.trim()}`].filter(Boolean).join(' · ')}
            </Text>
          )}
          <Text as="p" size="2" mt="2" data-testid="review-payment">
            {t('payment.title')}: {p.paymentName}
          </Text>
        </Box>
      </Grid>
      <Separator size="4" my="4" />
      <Flex direction="column" gap="1" align="end">
        <Text size="2">
          {t('common:shipping.subtotal')}: {price(p.subtotal)}
        </Text>
        {offs.map((r) => (
          <Text size="2" color="green" key={r.key} data-testid="review-discount">
            {r.label}: {r.value}
          </Text>
        ))}
        <Text size="2">
          {t('common:shipping.shipping')}: {p.freight ? t('common:shipping.quoted') : p.shippingAmount === 0 ? t('common:shipping.free') : price(p.shippingAmount)}
        </Text>
        {p.freight && (
          <Text size="2" color="gray" align="right" data-testid="review-freight">
            {t('common:shipping.freightNote')}
          </Text>
        )}
        {tax.before.map((r) => (
          <Text size="2" key={r.key} data-testid="review-tax">
            {r.label}: {r.value}
          </Text>
        ))}
        <Text weight="bold" size="4">
          {t('total')}: <span data-testid="review-total">{p.total === null ? '—' : price(p.total)}</span>
        </Text>
        {tax.after.map((r) => (
          <Text size="2" color="gray" key={r.key} data-testid="review-tax">
            {r.label}
          </Text>
        ))}
      </Flex>
      <Flex justify="between" mt="5" gap="3" wrap="wrap">
        <Button type="button" variant="soft" size="3" onClick={p.onBack} disabled={p.placing}>
          {t('back')}
        </Button>
        {/* Not while figures are on their way: the lines can show a new price before its total is in. */}
        <Button size="3" onClick={p.onPlace} loading={p.placing} disabled={p.reading || p.placing}>
          {p.confirmNewTotal !== null ? t('placeOrderFor', { total: price(p.confirmNewTotal) }) : t('placeOrder')}
        </Button>
      </Flex>
    </Box>
  );
}
