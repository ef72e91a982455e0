import { MIN_PASSWORD_LENGTH, isEmail, isStrongPassword } from '../../lib/validation';

export type AccountField = 'email' | 'password' | 'confirmPassword';
export const ACCOUNT_FIELDS: AccountField[] = ['email', 'password', 'confirmPassword'];

/**
 * Step 0 (account details) check, before step 1 is shown: the summary's translation key (null
 * when all is well) and a key per field that is wrong. The rules are the server's (spec
 * section 5): an e-mail address, a password of at least 6 with upper, lower and digit.
 */
export function validateAccountStep(email: string, password: string, confirm: string) {
  const fields: Partial<Record<AccountField, string>> = {};
  if (!email.trim()) fields.email = 'registerChecks.required';
  else if (!isEmail(email)) fields.email = 'registerChecks.emailFormat';
  if (!password) fields.password = 'registerChecks.required';
  else if (password.length < MIN_PASSWORD_LENGTH) fields.password = 'register.errors.passwordLength';
  else if (!isStrongPassword(password)) fields.password = 'registerChecks.passwordRule';
  if (!confirm) fields.confirmPassword = 'registerChecks.required';
  else if (password !== confirm) fields.confirmPassword = 'register.errors.passwordMismatch';
  const blank = Object.values(fields).includes('registerChecks.required');
  const first = ACCOUNT_FIELDS.map((f) => fields[f]).find(Boolean);
  return { summary: blank ? 'register.errors.required' : (first ?? null), fields };
}
