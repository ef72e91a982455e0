import { session, STORAGE_KEYS } from '../../api/storage';
import { DEFAULT_SORT, isCategory, type ProductFilters } from './api';

/** Category from ?category=, else the one kept in session storage, else all. */
export function initialCategory(search: string): string {
  const fromUrl = new URLSearchParams(search).get('category');
  if (fromUrl !== null) return isCategory(fromUrl) ? fromUrl : '';
  const stored = session.get(STORAGE_KEYS.shopSelectedCategory);
  return isCategory(stored) ? stored : '';
}

/** The first products page the home shows; main.tsx prefetches exactly this query. */
export function initialHomeFilters(search: string): ProductFilters {
  return { category: initialCategory(search), sort: DEFAULT_SORT, search: '', page: 1 };
}
