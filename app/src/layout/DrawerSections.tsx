import { Button, Flex, Separator, Text } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { categoriesQuery } from '../api/catalog';
import { useCategoryLabel } from '../features/catalog/categoryLabel';

// The help pages a shopper on a phone looks for (the footer holds them all, far below).
const HELP_PAGES = ['contact', 'shipping', 'faq'] as const;

/**
 * What the phone menu offers besides the main links (issue 34: only Products and Login): the
 * shop's categories, the search, and Contact, Shipping and FAQ. Each link closes the menu.
 */
export function DrawerSections({ onNavigate, onSearch }: { onNavigate: () => void; onSearch: () => void }) {
  const { t } = useTranslation('common');
  const label = useCategoryLabel();
  const { pathname, search } = useLocation();
  const categories = useQuery(categoriesQuery()).data ?? [];
  const shown = pathname === '/' ? new URLSearchParams(search).get('category') : null;
  return (
    <>
      <Button variant="soft" color="gray" mt="3" onClick={onSearch}>
        <MagnifyingGlassIcon /> {t('nav.search')}
      </Button>
      <nav aria-labelledby="drawer-categories">
        <Text as="p" id="drawer-categories" size="2" color="gray" weight="medium" mt="4" mb="1">
          {t('nav.categories')}
        </Text>
        <Flex direction="column" gap="1" asChild>
          <ul className="plain-list">
            {categories.map((c) => (
              <li key={c}>
                <Link to={{ pathname: '/', search: `?category=${encodeURIComponent(c)}` }} className="drawer-link" aria-current={shown === c ? 'page' : undefined} onClick={onNavigate}>
                  {label(c)}
                </Link>
              </li>
            ))}
          </ul>
        </Flex>
      </nav>
      <Separator size="4" my="3" />
      <nav aria-label={t('nav.help')}>
        <Flex direction="column" gap="1" asChild>
          <ul className="plain-list">
            {HELP_PAGES.map((key) => (
              <li key={key}>
                <Link to={`/${key}`} className="drawer-link" aria-current={pathname === `/${key}` ? 'page' : undefined} onClick={onNavigate}>
                  {t(`footer.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </Flex>
      </nav>
    </>
  );
}
