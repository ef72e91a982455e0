/**
 * The e-mail rule alone (shop/facts.json's pattern, the server's), for the start-up screens: the
 * home's sold-out cards ask for an address (NotifyMe) and should not load every form's rules.
 */
import { patterns } from '../../../shop/facts.json';

const EMAIL_RE = new RegExp(patterns.email, 'u');

export const isEmail = (v: string) => EMAIL_RE.test(v.trim());
