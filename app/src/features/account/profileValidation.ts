import { uiLanguage } from '../../i18n/current';
import { isBlank, isEmail, isStrongPassword, MIN_PASSWORD_LENGTH } from '../../lib/validation';

export interface ProfileForm {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Returns the key under profile.errors of the first failed rule, or null. */
export function validateProfile(f: ProfileForm, changingPassword: boolean): string | null {
  if (isBlank(f.firstName) || isBlank(f.lastName) || isBlank(f.email)) return 'requiredFields';
  if (!isEmail(f.email)) return 'invalidEmail';
  if (changingPassword && (f.newPassword || f.confirmPassword || f.currentPassword)) {
    if (!f.currentPassword) return 'currentPasswordRequired';
    if (f.newPassword.length < MIN_PASSWORD_LENGTH) return 'passwordLength';
    if (f.newPassword !== f.confirmPassword) return 'passwordMismatch';
    if (!isStrongPassword(f.newPassword)) return 'passwordStrength';
  }
  return null;
}

/** The PUT /auth/profile body: trimmed, e-mail lower-cased, password fields only when changing it. */
export function profilePayload(f: ProfileForm, changingPassword: boolean) {
  const body: Record<string, string> = {
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    email: f.email.trim().toLowerCase(),
    language: uiLanguage(),
  };
  if (changingPassword && f.newPassword) {
    body.currentPassword = f.currentPassword;
    body.newPassword = f.newPassword;
    body.confirmPassword = f.confirmPassword;
  }
  return body;
}
