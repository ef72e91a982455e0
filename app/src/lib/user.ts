import type { User } from '../api/types';

type NameParts = Pick<User, 'firstName' | 'lastName' | 'email'> | null | undefined;

/** First letters of first and last name, else the e-mail's first letter, else U. */
export function avatarInitials(user: NameParts): string {
  const first = user?.firstName?.trim() ?? '';
  const last = user?.lastName?.trim() ?? '';
  if (first && last) return (first[0] + last[0]).toUpperCase();
  if (first || last) return (first || last)[0].toUpperCase();
  const email = user?.email?.trim() ?? '';
  if (email) return email[0].toUpperCase();
  return 'U';
}

/** Full name, else the part of the e-mail before @, else User. */
export function displayName(user: NameParts, fallback = 'User'): string {
  const full = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
  if (full) return full;
  const local = user?.email?.split('@')[0]?.trim();
  if (local) return local;
  return fallback;
}

export function isAdminUser(user: { roles?: string[]; isAdmin?: boolean } | null | undefined): boolean {
  return !!user && (user.isAdmin === true || (user.roles ?? []).includes('Admin'));
}
