import type { Problems } from '../../lib/form';
import { isBlank, isEmail } from '../../lib/validation';

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export const emptyContact = (): ContactForm => ({ name: '', email: '', subject: '', message: '' });

/** The contact form's rules: field -> translation key (contact:validation.*). */
export function validateContact(f: ContactForm): Problems {
  const errors: Problems = {};
  if (isBlank(f.name)) errors.name = 'required';
  if (!isEmail(f.email)) errors.email = 'email';
  if (isBlank(f.subject)) errors.subject = 'required';
  if (isBlank(f.message)) errors.message = 'required';
  return errors;
}
