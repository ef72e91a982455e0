import countries from '../../../shop/locale/countries.json';

/** The ISO 3166 codes the shop ships to and the US states: shop/locale/countries.json, as the server reads it. */
const COUNTRY_CODES: readonly string[] = countries.codes;
export const US_STATES: readonly { code: string; name: string }[] = countries.usStates;

const names = new Map<string, Intl.DisplayNames>();
function displayNames(lang: string): Intl.DisplayNames {
  let d = names.get(lang);
  if (!d) {
    d = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
    names.set(lang, d);
  }
  return d;
}

/** Any text an address used to carry (a code, USA, United States, США) as its ISO code, or ''. */
export function countryCode(text: string): string {
  const key = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!key) return '';
  const upper = key.toUpperCase();
  if (COUNTRY_CODES.includes(upper)) return upper;
  for (const [code, aliases] of Object.entries(countries.aliases as Record<string, string[]>)) if (aliases.includes(key)) return code;
  for (const lang of ['en', 'ru', 'zh']) {
    const d = displayNames(lang);
    const hit = COUNTRY_CODES.find((c) => d.of(c)?.toLowerCase() === key);
    if (hit) return hit;
  }
  return '';
}

/** A country's name in the reader's language (the browser's CLDR names); a text that is no country stays as it is. */
export function countryName(country: string, lang: string): string {
  const code = countryCode(country);
  return code ? (displayNames(lang).of(code) ?? code) : country;
}

const shortNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name for the list: the full name, with the abbreviation people also type or look
 * for (США, US, UK) after it, so "Соединенные Штаты (США)" is found both ways.
 */
function optionName(code: string, lang: string): string {
  const long = displayNames(lang).of(code) ?? code;
  let d = shortNames.get(lang);
  if (!d) {
    d = new Intl.DisplayNames([lang, 'en'], { type: 'region', style: 'short', fallback: 'code' });
    shortNames.set(lang, d);
  }
  const short = d.of(code) ?? '';
  return short !== long && /^\p{Lu}{2,4}$/u.test(short) ? `${long} (${short})` : long;
}

/** Every country as { code, name } in lang, sorted as that language sorts. */
export function countryOptions(lang: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(lang);
  return COUNTRY_CODES.map((code) => ({ code, name: optionName(code, lang) })).sort((a, b) => collator.compare(a.name, b.name));
}
