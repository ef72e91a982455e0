import { useState, type ReactNode } from 'react';
import { Flex, Text, VisuallyHidden } from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Availability, Product, ProductVariant } from '../../api/wire.gen';
import { errorText } from '../../i18n/errors';
import { formatPrice } from '../../lib/format';
import { QuantityStepper } from '../cart/QuantityStepper';
import { addDays, localToday, pickDate, rangeFree, weekday } from './hireDates';
import './hire.css';

/** The calendar shows eight weeks from today. */
const SHOWN_DAYS = 56;
const MAX_UNITS = 100;

/** A hire's dates as picked (either may be '' until both are). */
export interface HireRange {
  start: string;
  end: string;
}

interface Props {
  product: Product;
  variant?: ProductVariant;
  quantity: number;
  onQuantity: (n: number) => void;
  range: HireRange;
  onRange: (r: HireRange) => void;
  /** What follows the price (the panel's Add to cart), told whether the dates can be had as picked. */
  action?: (ready: boolean) => ReactNode;
}

const availabilityUrl = (id: string) => `/products/${encodeURIComponent(id)}/availability`;

/**
 * A hire's quantity and dates (issue 46): the rates, a calendar of the next weeks with the days
 * free for the chosen quantity (the availability route), a range picked by two clicks (or Enter
 * on two days), the server's price for it with its rule in words and the deposit, and the
 * product's terms. The product page's hire panel and the quote request form (issue 47) share it.
 */
export function HireDates({ product, variant, quantity, onQuantity, range, onRange, action }: Props) {
  const { t, i18n } = useTranslation('shop');
  const lang = i18n.language;
  // The browser's date until the server answers the shop's (its time zone's), which the
  // calendar then starts from: the days are the shop's, never the browser's (issue 46).
  const [today, setToday] = useState(() => localToday());
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
  const shopToday = days.data?.today;
  if (shopToday && shopToday !== today) setToday(shopToday);
  if (!hire?.enabled) return null;

  const free = new Map((days.data?.days ?? []).map((d) => [d.date, d.available]));
  const earliest = addDays(today, hire.leadDays);
  const q = whole ? quote.data?.quote : undefined;
  const fits = whole && rangeFree(free, range.start, range.end, quantity);
  const rates = variant?.hireRates ?? product.hireRates;
  const cells = Array.from({ length: SHOWN_DAYS }, (_, i) => addDays(today, i));
  return (
    <>
      {rates && (
        <Text as="p" size="2" color="gray" mb="2">
          {[t('hire.perDay', { price: formatPrice(rates.day, lang) }), rates.weekend != null && t('hire.perWeekend', { price: formatPrice(rates.weekend, lang) }), rates.week != null && t('hire.perWeek', { price: formatPrice(rates.week, lang) })]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      <Flex gap="3" align="end" wrap="wrap" mb="3">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="hire-qty">
            {t('quantity')}
          </Text>
          <QuantityStepper id="hire-qty" value={quantity} max={MAX_UNITS} onChange={onQuantity} label={t('quantity')} />
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
              onClick={() => onRange(pickDate(range, d))}
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
      {action?.(!!q && fits && q.available >= quantity)}
      <Text as="p" size="1" color="gray" mt="3">
        {t('hire.terms', { count: hire.minDays || 1, lead: hire.leadDays })}
      </Text>
    </>
  );
}
