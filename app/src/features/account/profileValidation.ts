import { uiLanguage } from '../../i18n/current';
import { businessProblems } from '../../lib/business';
import type { Problems } from '../../lib/form';
import { isBlank, isEmail, isStrongPassword, MIN_PASSWORD_LENGTH } from '../../lib/validation';

export interface ProfileForm {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  /** A business customer's, printed on invoices (optional). */
  companyName: string;
  taxId: string;
}

/** Whether the form changes the account's e-mail (the server then asks for the current password). */
export function emailChanged(f: ProfileForm, currentEmail: string): boolean {
  return f.email.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
}

/**
 * The profile form's rules: a profile.errors key per wrong field, the first problem first
 * (the form shows it as its notice). Password rules apply while the password section is open
 * and something is typed in it; a new e-mail needs the current password.
 */
export function profileRules(f: ProfileForm, changingPassword: boolean, changingEmail = false): Problems {
  const p: Problems = {};
  if (isBlank(f.firstName)) p.firstName = 'requiredFields';
  if (isBlank(f.lastName)) p.lastName = 'requiredFields';
  if (isBlank(f.email)) p.email = 'requiredFields';
  else if (!p.firstName && !p.lastName && !isEmail(f.email)) p.email = 'invalidEmail';
  const business = businessProblems(f);
  if (business.companyName) p.companyName = 'companyName';
  if (business.taxId) p.taxId = 'taxId';
  if (Object.keys(p).length) return p;
  if (changingEmail && !f.currentPassword) p.currentPassword = 'emailPasswordRequired';
  else if (changingPassword && (f.newPassword || f.confirmPassword || f.currentPassword)) {
    if (!f.currentPassword) p.currentPassword = 'currentPasswordRequired';
    else if (f.newPassword.length < MIN_PASSWORD_LENGTH) p.newPassword = 'passwordLength';
    else if (f.newPassword !== f.confirmPassword) p.confirmPassword = 'passwordMismatch';
    else if (!isStrongPassword(f.newPassword)) p.newPassword = 'passwordStrength';
  }
  return p;
}

/** The PUT /auth/profile body: trimmed, e-mail lower-cased, password fields only when changing it (the current one also for a new e-mail). */
export function profilePayload(f: ProfileForm, changingPassword: boolean, changingEmail = false) {
  const body: Record<string, string> = {
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    email: f.email.trim().toLowerCase(),
    language: uiLanguage(),
    companyName: f.companyName.trim(),
    taxId: f.taxId.trim(),
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
