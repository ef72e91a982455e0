/** Client-side checks of spec section 5 (the server checks again). */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 6;

export const isEmail = (v: string) => EMAIL_RE.test(v.trim());
export const isBlank = (v: string | null | undefined) => !v || !v.trim();
export const isStrongPassword = (v: string) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v);
