import type { Shop, SocialLink } from '../../../api/types';
import { LANGUAGES, type Language } from '../../../i18n/languages';

/** A text per language, every language present (blank when not written). */
export type Texts = Record<Language, string>;

/** The store details as the form edits them. */
export interface StoreForm {
  name: string;
  legalName: string;
  logo: string;
  logoUrl: string;
  email: string;
  phone: string;
  address: string;
  hours: Texts;
  heroTitle: Texts;
  heroText: Texts;
  social: SocialLink[];
  timeZone: string;
}

export const SOCIAL_KINDS: SocialLink['kind'][] = ['facebook', 'instagram', 'youtube', 'x', 'tiktok', 'linkedin', 'vk', 'telegram', 'wechat', 'weibo', 'website'];

export function texts(l: Record<string, string> | null | undefined): Texts {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, l?.[lang] ?? ''])) as Texts;
}

export function formOf(shop: Shop): StoreForm {
  return {
    name: shop.name, legalName: shop.legalName ?? '', logo: shop.logo, logoUrl: shop.logoUrl, email: shop.email,
    phone: shop.phone, address: shop.address, hours: texts(shop.hours), heroTitle: texts(shop.hero.title),
    heroText: texts(shop.hero.text), social: shop.social.map((s) => ({ ...s })), timeZone: shop.timeZone ?? '',
  };
}

/** The body of PUT /api/admin/shop (blank languages left out). */
export function bodyOf(f: StoreForm) {
  const filled = (t: Texts) => Object.fromEntries(Object.entries(t).filter(([, v]) => v.trim()));
  return {
    name: f.name, legalName: f.legalName, logo: f.logo, email: f.email, phone: f.phone, address: f.address,
    hours: filled(f.hours), hero: { title: filled(f.heroTitle), text: filled(f.heroText) }, social: f.social,
    timeZone: f.timeZone.trim(),
  };
}
