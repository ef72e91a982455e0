/** The language a page is shown in: the shopper's when the page has a body in it, else English. */
export function pageLanguage(body: Record<string, string> | null | undefined, lang: string): string {
  const base = lang.split('-')[0];
  return body?.[base] ? base : 'en';
}
