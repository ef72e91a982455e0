/** Prices: a dollar sign and two decimals, whatever the language (spec section 1). */
export function formatPrice(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  const safe = Number.isFinite(n) ? n : 0;
  const sign = safe < 0 ? '-' : '';
  const fixed = Math.abs(safe).toFixed(2);
  const [int, dec] = fixed.split('.');
  return `${sign}$${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
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
