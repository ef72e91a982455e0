import { describe, expect, it } from 'vitest';
import { returnTarget } from './authReturn';

describe('returnTarget', () => {
  it('keeps a page of this site, with its query', () => {
    expect(returnTarget({ pathname: '/checkout', search: '?step=2' })).toBe('/checkout?step=2');
    expect(returnTarget({ pathname: '/ru/account/orders' })).toBe('/ru/account/orders');
    expect(returnTarget({ pathname: '/' })).toBe('/');
  });

  it('never a path that a browser reads as another site (issue 43: /\\evil.example, //evil.example, a tab)', () => {
    for (const pathname of ['/\\evil.example/login', '//evil.example', '/\t/evil.example', 'https://evil.example', 'evil.example', '']) {
      expect(returnTarget({ pathname })).toBeNull();
    }
    expect(returnTarget({ pathname: '/checkout', search: '?\n' })).toBeNull();
    expect(returnTarget(undefined)).toBeNull();
  });
});
