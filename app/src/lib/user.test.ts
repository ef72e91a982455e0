import { describe, expect, it } from 'vitest';
import { avatarInitials, displayName, isAdminUser } from './user';

describe('avatarInitials', () => {
  it('uses the first letters of first and last name', () => {
    expect(avatarInitials({ firstName: 'ada', lastName: 'lovelace', email: 'x@y.z' })).toBe('AL');
  });
  it('falls back to the first letter of the e-mail', () => {
    expect(avatarInitials({ firstName: '', lastName: '', email: 'zoe@example.com' })).toBe('Z');
  });
  it('falls back to U', () => {
    expect(avatarInitials({ firstName: '', lastName: '', email: '' })).toBe('U');
    expect(avatarInitials(null)).toBe('U');
  });
});

describe('displayName', () => {
  it('uses the full name', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io' })).toBe('Ada Lovelace');
  });
  it('falls back to the part of the e-mail before @', () => {
    expect(displayName({ firstName: ' ', lastName: '', email: 'stage.manager@venue.com' })).toBe('stage.manager');
  });
  it('falls back to User (or the translated fallback)', () => {
    expect(displayName({ firstName: '', lastName: '', email: '' })).toBe('User');
    expect(displayName(undefined, 'Пользователь')).toBe('Пользователь');
  });
});

describe('isAdminUser', () => {
  it('derives admin from the roles list', () => {
    expect(isAdminUser({ roles: ['Customer', 'Admin'] })).toBe(true);
    expect(isAdminUser({ roles: ['Customer'] })).toBe(false);
    expect(isAdminUser(null)).toBe(false);
  });
});
