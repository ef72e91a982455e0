import type { TFunction } from 'i18next';

/**
 * A delivery time in words: "1" is the next business day, a range takes the plural of its upper end
 * (Russian says "2–3 рабочих дня" but "5–7 рабочих дней").
 */
export function deliveryText(t: TFunction, deliveryDays: string, lng?: string): string {
  // No delivery time (freight quoted separately, or a method the owner left without one): no words.
  if (!deliveryDays.trim()) return '';
  if (deliveryDays === '1') return t('common:shipping.nextDay', { lng });
  const upper = Number(deliveryDays.split('-').pop());
  return t('common:shipping.days', { lng, days: deliveryDays, count: Number.isFinite(upper) ? upper : 0 });
}
