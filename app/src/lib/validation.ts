/**
 * Client-side checks of spec section 5. The rules are the server's: shop/facts.json is written
 * from the Go code that checks every request again (`go test ./shop -run TestFactsJSON -update`),
 * so a form the browser lets through is one the server takes.
 */
import { limits, patterns, usCountryNames } from '../../../shop/facts.json';

/** The server's limits (lengths in characters, maxPrice in dollars). */
export const LIMITS = limits;
export const MIN_PASSWORD_LENGTH = limits.passwordMinLength;
const PASSWORD_CLASSES = [patterns.passwordLower, patterns.passwordUpper, patterns.passwordDigit].map((p) => new RegExp(p, 'u'));
const PHONE_RE = new RegExp(patterns.phone, 'u');
const US_ZIP_RE = new RegExp(patterns.usZip, 'u');
const ZIP_RE = new RegExp(patterns.zip, 'u');
/** The names that mean the United States (its ZIP codes are digits): shop/locale's, lower case. */
const US_NAMES = new Set(usCountryNames);

export { isEmail } from './email';
export const isBlank = (v: string | null | undefined) => !v || !v.trim();
/** A lowercase letter, an uppercase letter and a digit, of any script. */
export const isStrongPassword = (v: string) => PASSWORD_CLASSES.every((re) => re.test(v));

/** Loose checks: a phone of digits, spaces and + - ( ) . with at least 5 digits. */
export const isPhone = (v: string) => PHONE_RE.test(v.trim()) && (v.match(/\d/g)?.length ?? 0) >= limits.phoneMinDigits;

/** ZIP codes: digits, spaces and hyphens in the US; letters too elsewhere (SW1A 1AA, K1A 0B1). */
export const isZip = (v: string, country: string) => (US_NAMES.has(country.trim().toLowerCase()) ? US_ZIP_RE : ZIP_RE).test(v.trim());
