import { useEffect, useRef, useState } from 'react';
import { Flex, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ProductSort } from '../../api/types';
import { NativeSelect } from '../../components/NativeSelect';
import { SORTS, type ProductFilters } from './api';
import type { UpdateHome } from './useHomeFilters';

interface HomeFiltersProps {
  filters: ProductFilters;
  update: UpdateHome;
  categories: string[];
}

/** Category, sort and search above the grid; the search reaches the URL 300 ms after the last key. */
export function HomeFilters({ filters, update, categories }: HomeFiltersProps) {
  const { t } = useTranslation('shop');
  const [searchInput, setSearchInput] = useState(filters.search);
  // The URL's search changed by other means (Back, the logo, "Clear filters"): show it.
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (urlSearch !== filters.search) {
    setUrlSearch(filters.search);
    setSearchInput(filters.search);
  }
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onSearch = (value: string) => {
    setSearchInput(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => update({ search: value }), 300);
  };

  return (
    <Flex gap="3" wrap="wrap" align="end" mb="3">
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="category-select">
          {t('filters.category')}
        </Text>
        <NativeSelect id="category-select" value={filters.category} onChange={(e) => update({ category: e.target.value })}>
          <option value="">{t('filters.allCategories')}</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`, c)}
            </option>
          ))}
        </NativeSelect>
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2" weight="medium" htmlFor="sort-select">
          {t('filters.sortBy')}
        </Text>
        <NativeSelect id="sort-select" value={filters.sort} onChange={(e) => update({ sort: e.target.value as ProductSort })}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`sort.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </Flex>
      <Flex direction="column" gap="1" flexGrow="1" style={{ minWidth: 200 }}>
        <Text as="label" size="2" weight="medium" htmlFor="product-search">
          {t('filters.search')}
        </Text>
        <TextField.Root
          id="product-search"
          type="search"
          placeholder={t('filters.searchPlaceholder')}
          value={searchInput}
          onChange={(e) => onSearch(e.target.value)}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
      </Flex>
    </Flex>
  );
}
