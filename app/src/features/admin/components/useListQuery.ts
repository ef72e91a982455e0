import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A whole number of at least 1 from the URL, or the fallback. */
function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * An admin list's query kept in the URL (`?search=…&page=…` plus the list's own filters), so
 * Back, a reload and a shared link show the same page. The search box writes to the URL a
 * moment after typing stops; any change but the page's goes back to page 1.
 */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = positiveInt(params.get('page'), 1);
  const [searchInput, setSearchInput] = useState(search);

  /** Sets (or, when empty, removes) the given URL values. */
  const setQuery = (patch: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (searchInput.trim() === search) return;
    const timer = window.setTimeout(() => setQuery({ search: searchInput.trim() }), 300);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setQuery is rebuilt each render; the input and URL value decide
  }, [searchInput, search]);

  return {
    params,
    search,
    page,
    searchInput,
    setSearchInput,
    setQuery,
    /** Page 1 is the URL without a page. */
    setPage: (p: number) => setQuery({ page: p > 1 ? String(p) : '' }),
  };
}
