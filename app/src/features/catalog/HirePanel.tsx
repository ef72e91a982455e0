import { useState } from 'react';
import { Button, Card, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../api/client';
import { pagePath, usePages } from '../../api/pages';
import type { Availability, Product, ProductVariant } from '../../api/wire.gen';
import { TOAST_SHORT, useToast } from '../../components/Toast';
import { errorText } from '../../i18n/errors';
import { formatPrice } from '../../lib/format';
import { useAddCartItem } from '../cart/cartWrites';
import { QuantityStepper } from '../cart/QuantityStepper';
import { addDays, localToday, pickDate, rangeFree, weekday } from './hireDates';
import './hire.css';

/** The calendar shows eight weeks from today. */
const SHOWN_DAYS = 56;
const MAX_UNITS = 100;

interface Props {
  product: Product;
  variant?: ProductVariant;
  name: string;
}

const availabilityUrl = (id: string) => `/products/${encodeURIComponent(id)}/availability`;

/** The hire information page's slug (seeded by pb_migrations/1796239968_hire_page.go). */
const HIRE_PAGE = 'hire';

/**
 * The link to the hire information page (deposits, collection and return), while the shop has it:
 * the owner may delete the page in /admin/pages. The footer asks for the same list of pages.
 */
function HireInfoLink() {
  const { t } = useTranslation('shop');
  if (!usePages().some((p) => p.slug === HIRE_PAGE)) return null;
  return (
    <Text as="p" size="2" mb="2">
      <Link to={pagePath(HIRE_PAGE)} data-testid="hire-info-link">
        {t('hire.infoLink')}
      </Link>
    </Text>
  );
}

/**
 * Hire on a product's page (issue 46): a calendar of the next weeks with the days free for the
 * chosen quantity (the availability route), a range picked by two clicks (or Enter on two
 * days), the server's quote for it with its rule in words and the deposit, and Add to cart.
 */
export function HirePanel({ product, variant, name }: Props) {
  const { t, i18n } = useTranslation('shop');
  const lang = i18n.language;
  // The browser's date until the server answers the shop's (its time zone's), which the
  // calendar then starts from: the days are the shop's, never the browser's (issue 46).
  const [today, setToday] = useState(() => localToday());
  const [quantity, setQuantity] = useState(1);
  const [range, setRange] = useState({ start: '', end: '' });
  const hire = product.hire;
  const variantId = variant?.id ?? product.defaultVariantId;
  const to = addDays(today, SHOWN_DAYS - 1);
  const days = useQuery({
    queryKey: ['hire', product.id, variantId, today],
    queryFn: ({ signal }) => api.get<Availability>(availabilityUrl(product.id), { signal, query: { from: today, to, variantId } }),
  });
  const whole = !!range.start && !!range.end;
  const quote = useQuery({
    queryKey: ['hire', product.id, variantId, range.start, range.end, quantity],
    queryFn: ({ signal }) =>
      api.get<Availability>(availabilityUrl(product.id), {
        signal,
        query: { from: range.start, to: range.start, variantId, start: range.start, end: range.end, quantity },
      }),
    enabled: whole,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const add = useAddCartItem();
  const show = useToast();
  const shopToday = days.data?.today;
  if (shopToday && shopToday !== today) setToday(shopToday);
  if (!hire?.enabled) return null;

  const free = new Map((days.data?.days ?? []).map((d) => [d.date, d.available]));
  const earliest = addDays(today, hire.leadDays);
  const q = whole ? quote.data?.quote : undefined;
  const fits = whole && rangeFree(free, range.start, range.end, quantity);
  const rates = variant?.hireRates ?? product.hireRates;
  const addToCart = async () => {
    try {
      await add.mutateAsync({ productId: product.id, variantId: variant?.id, quantity, hire: range });
      show({ kind: 'success', message: t('hire.added', { name, start: range.start, end: range.end }), duration: TOAST_SHORT });
      setRange({ start: '', end: '' });
    } catch (e) {
      show({ kind: 'error', message: errorText(t, e, 'common:cart.errors.add'), duration: TOAST_SHORT });
    }
  };
  const cells = Array.from({ length: SHOWN_DAYS }, (_, i) => addDays(today, i));
  return (
    <Card size="2" className="hire-panel" data-testid="hire-panel">
      <Heading as="h2" size="4" mb="1">
        {t('hire.title')}
      </Heading>
      {rates && (
        <Text as="p" size="2" color="gray" mb="2">
          {[t('hire.perDay', { price: formatPrice(rates.day, lang) }), rates.weekend != null && t('hire.perWeekend', { price: formatPrice(rates.weekend, lang) }), rates.week != null && t('hire.perWeek', { price: formatPrice(rates.week, lang) })]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      <HireInfoLink />
      <Flex gap="3" align="end" wrap="wrap" mb="3">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="hire-qty">
            {t('quantity')}
          </Text>
          <QuantityStepper id="hire-qty" value={quantity} max={MAX_UNITS} onChange={setQuantity} label={t('quantity')} />
        </Flex>
        <Text size="2" color="gray" aria-live="polite">
          {range.start ? t('hire.chosen', { start: range.start, end: range.end || '…' }) : t('hire.pickStart')}
        </Text>
      </Flex>
      <div className="hire-calendar" role="group" aria-label={t('hire.calendar')}>
        {[0, 1, 2, 3, 4, 5, 6].map((d) => (
          <span key={d} className="hire-weekday" aria-hidden="true">
            {t(`hire.weekdays.${d}`)}
          </span>
        ))}
        {Array.from({ length: weekday(today) }, (_, i) => (
          <span key={`pad-${i}`} />
        ))}
        {cells.map((d) => {
          const n = free.get(d) ?? 0;
          const off = d < earliest || n < quantity;
          const inRange = !!range.start && d >= range.start && d <= (range.end || range.start);
          return (
            <button
              key={d}
              type="button"
              className="hire-day"
              disabled={off || !days.data}
              aria-pressed={inRange}
              onClick={() => setRange(pickDate(range, d))}
            >
              {/* The name starts with the visible day, then the date and what is free. */}
              {Number(d.slice(8))}
              <VisuallyHidden>, {t('hire.dayLabel', { date: d, count: n })}</VisuallyHidden>
            </button>
          );
        })}
      </div>
      {whole && !fits && days.data && (
        <Text as="p" size="2" color="red" role="alert" mt="2">
          {t('hire.notFree')}
        </Text>
      )}
      {quote.isError && (
        <Text as="p" size="2" color="red" role="alert" mt="2">
          {errorText(t, quote.error, 'hire.quoteError')}
        </Text>
      )}
      {q && (
        <Flex direction="column" gap="1" mt="3" data-testid="hire-quote">
          <Text size="2">{t(`hire.rule.${q.rule}`, { days: q.days, count: q.days })}</Text>
          <Text size="5" weight="bold">
            {formatPrice(q.lineTotal, lang)}
          </Text>
          <Text size="2" color="gray">
            {t('hire.deposit', { price: formatPrice(q.deposit, lang) })}
          </Text>
        </Flex>
      )}
      <Flex mt="3" data-toast-avoid>
        <Button size="3" disabled={!q || !fits || q.available < quantity || add.isPending} loading={add.isPending} onClick={addToCart}>
          {t('addToCart')}
        </Button>
      </Flex>
      <Text as="p" size="1" color="gray" mt="3">
        {t('hire.terms', { count: hire.minDays || 1, lead: hire.leadDays })}
      </Text>
    </Card>
  );
}
