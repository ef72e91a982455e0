import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { ProductFacets, ProductSort } from '../../api/types';
import { NativeSelect } from '../../components/NativeSelect';
import { usePrice } from '../../lib/format';
import { sortsFor, type ProductFilters } from '../../api/catalog';
import type { UpdateHome } from './useHomeFilters';
import { SearchCombobox } from '../search/SearchCombobox';
import { useCategoryLabel } from './categoryLabel';

interface HomeFiltersProps {
  filters: ProductFilters;
  update: UpdateHome;
  categories: string[];
  /** Counts for the current search and filters (absent until the first answer). */
  facets?: ProductFacets;
}

/**
 * Search (with suggestions), category (with counts while searching), sort, price range and "in
 * stock only" above the grid, all kept in the URL; the search reaches it 300 ms after the last key.
 * On a phone the price range and "in stock only" fold behind "More filters".
 */
export function HomeFilters({ filters, update, categories, facets }: HomeFiltersProps) {
  const { t } = useTranslation('shop');
  const label = useCategoryLabel();
  const [searchInput, setSearchInput] = useState(filters.search);
  // The URL's search changed by other means (Back, the logo, "Clear filters"): show it. The
  // field's own write coming back is not shown: the shopper may have typed on meanwhile.
  const [urlSearch, setUrlSearch] = useState(filters.search);
  const [sent, setSent] = useState<string | null>(null);
  if (urlSearch !== filters.search) {
    setUrlSearch(filters.search);
    setSent(null);
    // (A blank search leaves the URL without one.)
    if (sent === null || filters.search !== (sent.trim() ? sent : '')) setSearchInput(filters.search);
  }
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const send = (value: string) => {
    window.clearTimeout(timer.current);
    setSent(value);
    update({ search: value });
  };
  const onSearch = (value: string) => {
    setSearchInput(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => send(value), 300);
  };
  // On a phone the price range and "in stock only" fold behind "More filters" (CSS: wider screens
  // show them always), so the first products start within the first screen (issue 34); a filter
  // in use keeps them open.
  const extras = (filters.minPrice || filters.maxPrice ? 1 : 0) + (filters.inStock ? 1 : 0) + (filters.onSale ? 1 : 0);
  const [moreOpen, setMoreOpen] = useState(extras > 0);
  // Counts beside the categories while searching (a plain list shows every product anyway).
  const count = (c: string) => (facets && filters.search.trim() ? ` (${facets.categories[c] ?? 0})` : '');
  return (
    <Flex direction="column" gap="3" mb="3">
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="product-search">
          {t('filters.search')}
        </Text>
        <SearchCombobox
          id="product-search"
          label={t('filters.search')}
          value={searchInput}
          onValueChange={onSearch}
          onSubmit={send}
        />
      </Flex>
      <Flex gap="3" wrap="wrap" align="end">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="category-select">
            {t('filters.category')}
          </Text>
          <NativeSelect id="category-select" value={filters.category} onChange={(e) => update({ category: e.target.value })}>
            <option value="">{t('filters.allCategories')}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {label(c) + count(c)}
              </option>
            ))}
          </NativeSelect>
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="sort-select">
            {t('filters.sortBy')}
          </Text>
          <NativeSelect id="sort-select" value={filters.sort} onChange={(e) => update({ sort: e.target.value as ProductSort })}>
            {sortsFor(filters.search).map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </Flex>
        <Button type="button" variant="soft" color="gray" className="more-filters" aria-expanded={moreOpen} aria-controls="more-filters" onClick={() => setMoreOpen(!moreOpen)}>
          {t(moreOpen ? 'filters.fewer' : 'filters.more')}
          {extras > 0 && ` (${extras})`}
        </Button>
      </Flex>
      <Flex id="more-filters" direction="column" gap="3" className="extra-filters" data-open={moreOpen || undefined}>
        <PriceRange key={`${filters.minPrice}-${filters.maxPrice}`} filters={filters} update={update} facets={facets} />
        {/* A native checkbox: Radix's would add its code to the home's start-up. */}
        <Text as="label" size="2" className="in-stock-filter">
          <input type="checkbox" checked={filters.inStock} onChange={(e) => update({ inStock: e.target.checked })} />
          {t('filters.inStockOnly')}
          {facets && <Text color="gray">({facets.inStock})</Text>}
        </Text>
        <Text as="label" size="2" className="in-stock-filter">
          <input type="checkbox" checked={!!filters.onSale} onChange={(e) => update({ onSale: e.target.checked })} />
          {t('variants.onSale')}
        </Text>
      </Flex>
    </Flex>
  );
}

/** Price from / to in dollars, applied with Enter or the button; the range found is the hint. */
function PriceRange({ filters, update, facets }: Pick<HomeFiltersProps, 'filters' | 'update' | 'facets'>) {
  const { t } = useTranslation('shop');
  const price = usePrice();
  const [min, setMin] = useState(filters.minPrice);
  const [max, setMax] = useState(filters.maxPrice);
  const clean = (v: string) => (/^\d{1,7}(\.\d{1,2})?$/.test(v.trim()) ? v.trim() : '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    let [lo, hi] = [clean(min), clean(max)];
    if (lo && hi && Number(lo) > Number(hi)) [lo, hi] = [hi, lo];
    update({ minPrice: lo, maxPrice: hi });
  };
  const hasRange = facets && facets.price.max > 0;
  return (
    <form onSubmit={apply} aria-label={t('filters.price')}>
      <Flex gap="2" align="end" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="price-min">
            {t('filters.priceFrom')}
          </Text>
          <TextField.Root id="price-min" inputMode="decimal" className="price-input" value={min} placeholder={hasRange ? price(facets.price.min) : '$'} onChange={(e) => setMin(e.target.value)} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="price-max">
            {t('filters.priceTo')}
          </Text>
          <TextField.Root id="price-max" inputMode="decimal" className="price-input" value={max} placeholder={hasRange ? price(facets.price.max) : '$'} onChange={(e) => setMax(e.target.value)} />
        </Flex>
        <Button type="submit" variant="soft">
          {t('filters.applyPrice')}
        </Button>
      </Flex>
    </form>
  );
}
