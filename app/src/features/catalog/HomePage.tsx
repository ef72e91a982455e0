import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, Container, Flex, Grid, Heading, Spinner, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { session, STORAGE_KEYS } from '../../api/storage';
import type { ProductSort } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { useCart } from '../cart/CartContext';
import { CATEGORIES, DEFAULT_SORT, SORTS, categoriesQuery, productListQuery } from './api';
import { initialCategory } from './homeState';
import { NativeSelect } from '../../components/NativeSelect';
import { ProductCard } from './ProductCard';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return v;
}

const FIRST_ROW = 4;

export default function HomePage() {
  const { t } = useTranslation('shop');
  const { isAdmin } = useAuth();
  const { quantityInCart } = useCart();
  const [params, setParams] = useSearchParams();
  const [category, setCategory] = useState(() => initialCategory(window.location.search));
  const [sort, setSort] = useState<ProductSort>(DEFAULT_SORT);
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput, 300);
  const [page, setPage] = useState(1);

  // Keep ?category= and session storage in step with the select.
  useEffect(() => {
    session.set(STORAGE_KEYS.shopSelectedCategory, category || null);
    if ((params.get('category') ?? '') !== category) {
      const next = new URLSearchParams(params);
      if (category) next.set('category', category);
      else next.delete('category');
      setParams(next, { replace: true });
    }
  }, [category, params, setParams]);

  const categories = useQuery(categoriesQuery());
  const list = useQuery(productListQuery({ category, sort, search, page }));
  // Load failures on the home are only logged (spec section 8).
  useEffect(() => {
    if (list.error) console.warn('Failed to load products', list.error);
  }, [list.error]);
  useEffect(() => {
    if (categories.error) console.warn('Failed to load categories', categories.error);
  }, [categories.error]);

  // Restore the scroll position kept when a product was opened.
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || !list.data) return;
    restored.current = true;
    const y = Number(session.get(STORAGE_KEYS.shopScrollPosition));
    session.set(STORAGE_KEYS.shopScrollPosition, null);
    if (y > 0) window.scrollTo(0, y);
  }, [list.data]);

  const rememberScroll = useCallback(() => {
    session.set(STORAGE_KEYS.shopScrollPosition, String(Math.round(window.scrollY)));
  }, []);

  // The first render shows one row of cards (a phone shows one, a wide screen four), as the
  // server's first screen does (routes/firstscreen); the rest follow a row per render, so the
  // start-up work comes in short tasks. Not when a scroll position is to be restored: that
  // needs the whole page at once.
  const [limit, setLimit] = useState(() => (session.get(STORAGE_KEYS.shopScrollPosition) ? Infinity : FIRST_ROW));
  const shownAll = limit >= (list.data?.products.length ?? 0);
  useEffect(() => {
    if (shownAll) return;
    const id = window.setTimeout(() => startTransition(() => setLimit((l) => l + FIRST_ROW)), 0);
    return () => window.clearTimeout(id);
  }, [shownAll, limit]);

  const products = list.data?.products ?? [];
  const total = list.data?.pagination.totalCount ?? products.length;
  const totalPages = list.data?.pagination.totalPages ?? 1;
  const categoryOptions = categories.data?.length ? categories.data : CATEGORIES;

  return (
    <Container size="4" px={{ initial: '3', sm: '5' }} py="5">
      <Box className="hero" p={{ initial: '5', sm: '7' }} mb="5">
        <Heading as="h1" size={{ initial: '7', sm: '8' }} mb="2">
          {t('hero.title')}
        </Heading>
        <Text as="p" size="4" color="gray" highContrast>
          {t('hero.description')}
        </Text>
        {isAdmin && (
          <Button asChild mt="4">
            <Link to="/admin">{t('hero.manageProducts')}</Link>
          </Button>
        )}
      </Box>

      <Flex gap="3" wrap="wrap" align="end" mb="3">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="category-select">
            {t('filters.category')}
          </Text>
          <NativeSelect
            id="category-select"
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('filters.allCategories')}</option>
            {categoryOptions.map((c) => (
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
          <NativeSelect
            id="sort-select"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as ProductSort);
              setPage(1);
            }}
          >
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
            onChange={(e) => {
              setSearchInput(e.target.value);
              setPage(1);
            }}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
        </Flex>
      </Flex>

      <Text as="p" size="2" color="gray" mb="3" aria-live="polite">
        {/* A non-breaking space keeps the line's height before the count arrives (no layout shift). */}
        {list.data
          ? t('count', { count: total }) + (category ? t('countIn', { category: t(`categories.${category}`, category) }) : '')
          : '\u00a0'}
      </Text>

      <div className="products-area" aria-busy={list.isFetching}>
        {list.isFetching && (
          <div className="loading-overlay">
            <Spinner size="3" />
          </div>
        )}
        {list.data && products.length === 0 && (
          <Text as="p" align="center" color="gray" my="8">
            {t('noProducts')}
          </Text>
        )}
        <Grid columns={{ initial: '1', xs: '2', md: '3', lg: '4' }} gap="4">
          {products.slice(0, limit).map((p, i) => (
            <ProductCard key={p.id} product={p} inCart={quantityInCart(p.id)} eager={i < 4} onOpen={rememberScroll} />
          ))}
        </Grid>
      </div>

      {/* After the whole page of cards: shown under the first row it would jump (layout shift). */}
      {totalPages > 1 && shownAll && (
        <Flex justify="center" align="center" gap="3" mt="5" asChild>
          <nav aria-label={t('pagination.label')}>
            <Button variant="soft" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('pagination.previous')}
            </Button>
            <Text size="2">{t('pagination.page', { page, total: totalPages })}</Text>
            <Button variant="soft" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
              {t('pagination.next')}
            </Button>
          </nav>
        </Flex>
      )}
    </Container>
  );
}
