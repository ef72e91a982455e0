import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeLanguage, resourceLanguage } from './languages';

const localesDir = join(__dirname, '..', '..', 'public', 'locales');

/** Serves /locales/{lng}/{ns}.json from public/, 404 for anything else. */
function serveLocales() {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      requested.push(path);
      const m = /^\/locales\/(\w+)\/(\w+)\.json$/.exec(path);
      try {
        if (!m) throw new Error('not a locale');
        return new Response(readFileSync(join(localesDir, m[1], `${m[2]}.json`), 'utf8'), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      } catch {
        return new Response('not found', { status: 404 });
      }
    }),
  );
  return requested;
}

async function startI18n(url: string) {
  window.history.replaceState(null, '', url);
  vi.resetModules();
  const mod = await import('./index');
  await mod.initI18n();
  return mod.default;
}

describe('normalizeLanguage', () => {
  it('keeps en, ru and zh and maps regional variants', () => {
    expect(normalizeLanguage('ru-RU')).toBe('ru');
    expect(normalizeLanguage('zh_CN')).toBe('zh');
    expect(normalizeLanguage(' EN ')).toBe('en');
  });
  it('drops other languages and script injection', () => {
    expect(normalizeLanguage('de')).toBeUndefined();
    expect(normalizeLanguage('<script>alert(1)</script>')).toBeUndefined();
    expect(normalizeLanguage('en" onmouseover="x()')).toBeUndefined();
    expect(normalizeLanguage(undefined)).toBeUndefined();
  });
  it('loads the English information texts for Chinese only', () => {
    expect(resourceLanguage('zh', 'info')).toBe('zh');
    expect(resourceLanguage('ru', 'info')).toBe('ru');
    expect(resourceLanguage('zh', 'shop')).toBe('zh');
  });
});

describe('i18n start-up', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    document.documentElement.lang = '';
  });

  it('takes the language from the address (/ru/...), caches it in localStorage and sets <html lang>', async () => {
    serveLocales();
    localStorage.setItem('i18nextLng', 'zh');
    const i18n = await startI18n('/ru/products/p1?lng=zh');
    expect(i18n.language).toBe('ru');
    expect(i18n.t('shop:addToCart')).toBe('В корзину');
    expect(localStorage.getItem('i18nextLng')).toBe('ru');
    // The server reads the cookie to send the home's first screen in Russian.
    expect(document.cookie).toMatch(/(^|; )i18next=ru(;|$)/);
    expect(document.documentElement.lang).toBe('ru');
  });

  it('falls back to English for an unsupported or malicious language value', async () => {
    serveLocales();
    localStorage.setItem('i18nextLng', '<img src=x onerror=alert(1)>');
    const i18n = await startI18n('/?lng=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('shop:addToCart')).toBe('Add to Cart');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('i18nextLng')).not.toContain('<');
  });

  it('falls back to the English text for a key missing in another language', async () => {
    serveLocales();
    const i18n = await startI18n('/zh/');
    i18n.addResource('en', 'common', 'onlyInEnglish', 'English only');
    expect(i18n.t('onlyInEnglish')).toBe('English only');
    expect(i18n.t('nav.products')).toBe('产品');
  });

  it('has the information pages\' words in Chinese and Russian', async () => {
    const requested = serveLocales();
    const i18n = await startI18n('/zh/shipping');
    await i18n.loadNamespaces('info');
    expect(i18n.t('info:shipping.title')).toBe('配送信息');
    expect(requested).toContain('/locales/zh/info.json');
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces('info');
    expect(i18n.t('info:shipping.title')).toBe('Информация о доставке');
  });

  it('counts in each language', async () => {
    serveLocales();
    const i18n = await startI18n('/products/p1');
    expect(i18n.t('shop:count', { count: 1 })).toBe('1 product found');
    expect(i18n.t('shop:count', { count: 3 })).toBe('3 products found');
    await i18n.changeLanguage('ru');
    expect(i18n.t('shop:count', { count: 3 })).toBe('Найдено товаров: 3');
    await i18n.changeLanguage('zh');
    expect(i18n.t('shop:count', { count: 3 })).toBe('找到 3 件产品');
  });
});
