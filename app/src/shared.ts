// The facts the server's first screen (routes/firstscreen) shares with the app, from one file Go
// embeds too: the first row's size, the photo limit the first screens are rendered for, the
// languages and their native names, and how prices are written.
import constants from '../../routes/firstscreen/constants.json';

export const FIRST_ROW: number = constants.firstRow;
export const MAX_IMAGES: number = constants.maxImages;
export const PRICE_FORMAT = constants.price;
export const SHARED_LANGUAGES: readonly string[] = constants.languages;
export const SHARED_FALLBACK_LANGUAGE: string = constants.fallbackLanguage;
export const SHARED_LANGUAGE_NAMES: Record<string, string> = constants.languageNames;
