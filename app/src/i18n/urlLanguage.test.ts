import { describe, expect, it } from 'vitest';
import { basenameOf, languagePath, splitLanguage } from './urlLanguage';

describe('addresses per language', () => {
  it('reads the language from the prefix; English has none', () => {
    expect(splitLanguage('/ru/products/p1')).toEqual({ lang: 'ru', path: '/products/p1' });
    expect(splitLanguage('/zh/')).toEqual({ lang: 'zh', path: '/' });
    expect(splitLanguage('/ru')).toEqual({ lang: 'ru', path: '/' });
    expect(splitLanguage('/products/p1')).toEqual({ lang: 'en', path: '/products/p1' });
    expect(splitLanguage('/')).toEqual({ lang: 'en', path: '/' });
    // Not a prefix: a page of its own (English), and the fallback has no prefix.
    expect(splitLanguage('/russia')).toEqual({ lang: 'en', path: '/russia' });
    expect(splitLanguage('/de/x')).toEqual({ lang: 'en', path: '/de/x' });
    expect(splitLanguage('/en/x')).toEqual({ lang: 'en', path: '/en/x' });
  });

  it('writes a path at its address in a language', () => {
    expect(languagePath('ru', '/products/p1?x=1')).toBe('/ru/products/p1?x=1');
    expect(languagePath('zh', '/')).toBe('/zh/');
    expect(languagePath('en', '/contact')).toBe('/contact');
    expect(languagePath('ru', '/?category=Sound')).toBe('/ru/?category=Sound');
  });

  it('gives the router a basename with its slash, so the home is /ru/', () => {
    expect(basenameOf('ru')).toBe('/ru/');
    expect(basenameOf('en')).toBe('/');
  });
});
