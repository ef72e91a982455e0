import type { Problems } from '../../lib/form';
import { MIN_PASSWORD_LENGTH, isBlank, isEmail, isStrongPassword } from '../../lib/validation';

export interface AccountValues {
  email: string;
  password: string;
  confirmPassword: string;
}
export const ACCOUNT_FIELDS: (keyof AccountValues)[] = ['email', 'password', 'confirmPassword'];
const REQUIRED = 'registerChecks.required';

/**
 * Step 0 (account details) rules, checked before step 1 is shown: a translation key per wrong
 * field. The rules are the server's (spec section 5): an e-mail address, a password of at
 * least 6 with upper, lower and digit.
 */
export function accountRules({ email, password, confirmPassword }: AccountValues): Problems {
  const fields: Problems = {};
  if (!email.trim()) fields.email = REQUIRED;
  else if (!isEmail(email)) fields.email = 'registerChecks.emailFormat';
  if (!password) fields.password = REQUIRED;
  else if (password.length < MIN_PASSWORD_LENGTH) fields.password = 'register.errors.passwordLength';
  else if (!isStrongPassword(password)) fields.password = 'registerChecks.passwordRule';
  if (!confirmPassword) fields.confirmPassword = REQUIRED;
  else if (password !== confirmPassword) fields.confirmPassword = 'register.errors.passwordMismatch';
  return fields;
}

/** The step's summary key: "fill in all fields" when one is blank, else the first field's problem. */
export const accountSummary = (problems: Problems) => (Object.values(problems).includes(REQUIRED) ? 'register.errors.required' : Object.values(problems)[0]);

/** Step 1 rules: both names (one summary names them). */
export function personalRules(v: { firstName: string; lastName: string }): Problems {
  const fields: Problems = {};
  if (isBlank(v.firstName)) fields.firstName = 'register.errors.nameRequired';
  if (isBlank(v.lastName)) fields.lastName = 'register.errors.nameRequired';
  return fields;
}
