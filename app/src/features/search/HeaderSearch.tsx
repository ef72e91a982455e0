import { useState } from 'react';
import { Box } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchCombobox } from './SearchCombobox';

/**
 * The header's product search on every page but the home, whose own search field (above the
 * grid, the same combobox) filters the list as one types. Enter shows the results on the home.
 */
export function HeaderSearch() {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [text, setText] = useState('');
  if (pathname === '/') return null;
  return (
    <Box className="header-search" flexGrow="1">
      <SearchCombobox
        id="header-search"
        label={t('filters.searchProducts')}
        value={text}
        onValueChange={setText}
        onSubmit={(q) => navigate({ pathname: '/', search: q ? `?${new URLSearchParams({ search: q })}` : '' })}
      />
    </Box>
  );
}
