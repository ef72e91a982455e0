// The facts the server's first screen (routes/firstscreen) shares with the app, from one file Go
// embeds too: the first row's size, the photo limit the first screens are rendered for, the
// languages and their native names. How prices are written: shop/locale/prices.json (lib/format).
// Named imports: the bundle keeps only the fields the app uses.
import { fallbackLanguage, fewValues, firstRow, languageNames, languages, maxImages } from '../../../routes/firstscreen/constants.json';

export const FIRST_ROW: number = firstRow;
export const MAX_IMAGES: number = maxImages;
/** Up to this many values an option is a row of buttons; more is a select (cable lengths, voltages). */
export const FEW_VALUES: number = fewValues;
export const SHARED_LANGUAGES: readonly string[] = languages;
export const SHARED_FALLBACK_LANGUAGE: string = fallbackLanguage;
export const SHARED_LANGUAGE_NAMES: Record<string, string> = languageNames;
