import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { session, STORAGE_KEYS } from '../../api/storage';
import type { ProductFilters } from '../../api/catalog';
import { homeFilters, homeQuery } from './homeState';

export type UpdateHome = (patch: Partial<ProductFilters>, how?: { push?: boolean }) => void;

/**
 * The home's search, sort, category and page, kept in the URL query so that Back, a reload and
 * a shared link show the same results. A category restored from session storage is written into
 * the URL, and the chosen category is kept there for the return from a product (spec).
 * `update` starts again at page 1 unless the patch names a page; it replaces the history entry
 * unless asked to push (a new page of results is worth a Back step, a typed letter is not).
 */
export function useHomeFilters(): { filters: ProductFilters; update: UpdateHome } {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => homeFilters(params), [params]);

  useEffect(() => {
    session.set(STORAGE_KEYS.shopSelectedCategory, filters.category || null);
    const canonical = homeQuery(filters, params);
    if (canonical.toString() !== params.toString()) setParams(canonical, { replace: true });
  }, [filters, params, setParams]);

  // A debounced search calls update after later renders: it must see the URL of then.
  const latest = useRef({ params, setParams });
  useEffect(() => {
    latest.current = { params, setParams };
  });
  const update = useCallback<UpdateHome>((patch, how) => {
    const { params: now, setParams: set } = latest.current;
    const filters = { ...homeFilters(now), page: 1, ...patch };
    // Kept before the URL changes: an emptied URL would otherwise bring the old category back.
    session.set(STORAGE_KEYS.shopSelectedCategory, filters.category || null);
    const next = homeQuery(filters, now);
    if (next.toString() !== now.toString()) set(next, { replace: !how?.push });
  }, []);

  return { filters, update };
}
