import { patterns, usCountryNames } from '../../../shop/facts.json';
import { isEmail, isPhone, isStrongPassword, isZip } from './validation';

// The browser's checks are the server's (shop/facts.json, written from Go): these cases are the
// server's too (shop TestSharedFactsRules).
describe('validation from the server facts', () => {
  it('takes the patterns from the facts file', () => {
    expect(patterns.email).toBe('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$');
    expect(usCountryNames).toContain('united states');
  });

  it('checks e-mails, phones and ZIP codes as the server does', () => {
    expect(isEmail('ada@example.com')).toBe(true);
    expect(isEmail('ada@localhost')).toBe(false);
    expect(isPhone('+1 (555) 010-0100')).toBe(true);
    expect(isPhone('555')).toBe(false);
    expect(isPhone('call me')).toBe(false);
    expect(isZip('90210-1234', 'U.S.A.')).toBe(true);
    expect(isZip('SW1A 1AA', 'USA')).toBe(false);
    expect(isZip('SW1A 1AA', 'United Kingdom')).toBe(true);
    expect(isZip('SW1A 1AA', 'США')).toBe(false);
  });

  it('counts letters of any script in a password, as the server does', () => {
    expect(isStrongPassword('Secret123')).toBe(true);
    expect(isStrongPassword('Пароль123')).toBe(true);
    expect(isStrongPassword('secret123')).toBe(false);
    expect(isStrongPassword('SECRETxx')).toBe(false);
  });
});
