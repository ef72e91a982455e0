import { PRICE_FORMAT } from './shared';

/** Prices: a dollar sign and two decimals, whatever the language (spec section 1; the rules are shared with the server). */
export function formatPrice(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  const safe = Number.isFinite(n) ? n : 0;
  const sign = safe < 0 ? '-' : '';
  const fixed = Math.abs(safe).toFixed(PRICE_FORMAT.decimals);
  const [int, dec] = fixed.split('.');
  return `${sign}${PRICE_FORMAT.symbol}${int.replace(/\B(?=(\d{3})+(?!\d))/g, PRICE_FORMAT.groupSeparator)}${PRICE_FORMAT.decimalSeparator}${dec}`;
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
