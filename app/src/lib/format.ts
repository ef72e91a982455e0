import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import prices from '../../../shop/locale/prices.json';

interface PriceFormat {
  prefix: string;
  suffix: string;
  group: string;
  decimal: string;
}

const FORMATS = prices as unknown as Record<string, PriceFormat>;

/**
 * A dollar price as the reader writes it: $1,299.00 (en), 1 299,00 $ (ru), US$1,299.00 (zh).
 * The table is shop/locale/prices.json, which the server's e-mails and first screens follow too;
 * the currency stays USD whatever the language.
 */
export function formatPrice(value: number | string | null | undefined, lang: string): string {
  const f = FORMATS[lang.slice(0, 2)] ?? FORMATS.en;
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  const cents = Number.isFinite(n) ? Math.round(Math.abs(n) * 100) : 0;
  const sign = Number.isFinite(n) && n < 0 && cents > 0 ? '-' : '';
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, f.group);
  return `${sign}${f.prefix}${whole}${f.decimal}${String(cents % 100).padStart(2, '0')}${f.suffix}`;
}

/** formatPrice in the language the component is shown in. */
export function usePrice(): (value: number | string | null | undefined) => string {
  const { i18n } = useTranslation();
  const lang = i18n.language ?? 'en';
  return useCallback((value) => formatPrice(value, lang), [lang]);
}

const LOCALES: Record<string, string> = { en: 'en-US', ru: 'ru-RU', zh: 'zh-CN' };

export function formatDate(iso: string | undefined | null, lang: string, withTime = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString(LOCALES[lang] ?? 'en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
}
