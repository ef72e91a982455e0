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

/** Whether the form changes the account's e-mail (the server then asks for the current password). */
export function emailChanged(f: ProfileForm, currentEmail: string): boolean {
  return f.email.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/** Returns the key under profile.errors of the first failed rule, or null. */
export function validateProfile(f: ProfileForm, changingPassword: boolean, changingEmail = false): string | null {
  if (isBlank(f.firstName) || isBlank(f.lastName) || isBlank(f.email)) return 'requiredFields';
  if (!isEmail(f.email)) return 'invalidEmail';
  if (changingEmail && !f.currentPassword) return 'emailPasswordRequired';
  if (changingPassword && (f.newPassword || f.confirmPassword || f.currentPassword)) {
    if (!f.currentPassword) return 'currentPasswordRequired';
    if (f.newPassword.length < MIN_PASSWORD_LENGTH) return 'passwordLength';
    if (f.newPassword !== f.confirmPassword) return 'passwordMismatch';
    if (!isStrongPassword(f.newPassword)) return 'passwordStrength';
  }
  return null;
}

/** The PUT /auth/profile body: trimmed, e-mail lower-cased, password fields only when changing it (the current one also for a new e-mail). */
export function profilePayload(f: ProfileForm, changingPassword: boolean, changingEmail = false) {
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
  } else if (changingEmail) {
    body.currentPassword = f.currentPassword;
  }
  return body;
}
