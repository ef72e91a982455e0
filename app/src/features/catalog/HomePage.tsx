import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Button, Container, Flex, Grid, Heading, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { session, STORAGE_KEYS } from '../../api/storage';
import { useAuth } from '../../auth/AuthContext';
import { useCart } from '../cart/CartContext';
import { CATEGORIES, categoriesQuery, productListQuery } from '../../api/catalog';
import { HomeFilters } from './HomeFilters';
import { NoProducts } from './NoProducts';
import { ProductCard } from './ProductCard';
import { useHomeFilters } from './useHomeFilters';
import { FIRST_ROW } from '../../lib/shared';
import { resolveLocalized } from '../../lib/localized';
import { useStore } from '../../api/store';
import { useCategoryLabel } from './categoryLabel';

export default function HomePage() {
  const { t, i18n } = useTranslation('shop');
  const label = useCategoryLabel();
  const { isAdmin } = useAuth();
  const { quantityInCart } = useCart();
  const { filters, update } = useHomeFilters();
  const { category, search, page } = filters;
  const { hero } = useStore();
  const lang = i18n.resolvedLanguage ?? i18n.language;

  const categories = useQuery(categoriesQuery());
  const list = useQuery(productListQuery(filters, i18n.resolvedLanguage ?? i18n.language));
  // Load failures on the home are only logged (spec section 8).
  useEffect(() => {
    if (list.error) console.warn('Failed to load products', list.error);
  }, [list.error]);
  useEffect(() => {
    if (categories.error) console.warn('Failed to load categories', categories.error);
  }, [categories.error]);
  // A category the shop no longer has (renamed, deleted or hidden since the link was made) shows
  // every product instead of an error: categories are records an admin edits (issue 35).
  const known = categories.data;
  useEffect(() => {
    if (category && known?.length && !known.some((c) => c.toLowerCase() === category.toLowerCase())) update({ category: '', page: 1 });
  }, [category, known, update]);

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

  // A new page of results starts at its top (its own history entry, so Back returns to the last).
  const toPage = (p: number) => {
    update({ page: p }, { push: true });
    window.scrollTo(0, 0);
  };

  const products = list.data?.products ?? [];
  const total = list.data?.pagination.totalCount ?? products.length;
  const totalPages = list.data?.pagination.totalPages ?? 1;
  const categoryOptions = categories.data?.length ? categories.data : CATEGORIES;

  return (
    <Container size="4" px={{ initial: '3', sm: '5' }} py="5">
      <Box className="hero" p={{ initial: '5', sm: '7' }} mb="5">
        <Heading as="h1" size={{ initial: '7', sm: '8' }} mb="2">
          {resolveLocalized(hero.title, lang, t('hero.title'))}
        </Heading>
        <Text as="p" size="4" color="gray" highContrast>
          {resolveLocalized(hero.text, lang, t('hero.description'))}
        </Text>
        {isAdmin && (
          <Button asChild mt="4">
            <Link to="/admin">{t('hero.manageProducts')}</Link>
          </Button>
        )}
      </Box>

      <HomeFilters filters={filters} update={update} categories={categoryOptions} facets={list.data?.facets} />

      <Text as="p" size="2" color="gray" mb="3" aria-live="polite">
        {/* A non-breaking space keeps the line's height before the count arrives (no layout shift). */}
        {list.data
          ? t('count', { count: total }) + (category ? t('countIn', { category: label(category) }) : '')
          : '\u00a0'}
      </Text>

      <div className="products-area" aria-busy={list.isFetching}>
        {list.isFetching && (
          <div className="loading-overlay">
            <Spinner size="3" />
          </div>
        )}
        {list.data && products.length === 0 && (
          <NoProducts
            search={search}
            filtered={!!(search || category || filters.minPrice || filters.maxPrice || filters.inStock || filters.onSale)}
            onClear={() => update({ search: '', category: '', minPrice: '', maxPrice: '', inStock: false, onSale: false })}
            didYouMean={list.data.didYouMean}
            onSearch={(text) => update({ search: text }, { push: true })}
            categories={categoryOptions}
            onCategory={(c) => update({ search: '', category: c, minPrice: '', maxPrice: '', inStock: false, onSale: false }, { push: true })}
          />
        )}
        <Grid columns={{ initial: '1', xs: '2', md: '3', lg: '4' }} gap="4">
          {products.slice(0, limit).map((p, i) => (
            <ProductCard key={p.id} product={p} inCart={quantityInCart(p.id)} eager={i < FIRST_ROW} onOpen={rememberScroll} />
          ))}
        </Grid>
      </div>

      {/* After the whole page of cards: shown under the first row it would jump (layout shift). */}
      {totalPages > 1 && shownAll && (
        <Flex justify="center" align="center" gap="3" mt="5" asChild>
          <nav aria-label={t('pagination.label')}>
            <Button variant="soft" disabled={page <= 1} onClick={() => toPage(page - 1)}>
              {t('pagination.previous')}
            </Button>
            <Text size="2">{t('pagination.page', { page, total: totalPages })}</Text>
            <Button variant="soft" disabled={page >= totalPages} onClick={() => toPage(page + 1)}>
              {t('pagination.next')}
            </Button>
          </nav>
        </Flex>
      )}
    </Container>
  );
}
