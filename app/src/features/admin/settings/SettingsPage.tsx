import { Box, Flex, Heading } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ShippingSettingsView } from '../shipping/ShippingSettingsView';
import { useAuth } from '../../../auth/AuthContext';
import { SETTINGS_SECTIONS } from './sections';
import { PagesSettings } from './PagesSettings';
import { PaymentsSettings } from './PaymentsSettings';
import { SearchSynonymsSettings } from './SearchSynonymsSettings';
import { StoreSettings } from './StoreSettings';
import './settings.css';

/** The settings area's sub-navigation: one link per section the role may open, the current one marked. */
function SettingsNav() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const { can } = useAuth();
  // Store is /admin/settings itself; a section owns everything below its path.
  const current = (to: string) => pathname === to || pathname === `${to}/` || (to !== '/admin/settings' && pathname.startsWith(`${to}/`));
  return (
    <nav aria-label={t('settings.nav.label')} className="settings-nav">
      <ul className="plain-list">
        {SETTINGS_SECTIONS.filter((s) => can(s.permission)).map(({ key, to }) => (
          <li key={key}>
            <Link to={to} className="settings-nav-link" aria-current={current(to) ? 'page' : undefined}>
              {t(`settings.nav.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /admin/settings/* (and /admin/pages/*): the shop's own settings, one section at a time under a sub-navigation. */
export function SettingsPage({ section }: { section?: 'pages' }) {
  const { t } = useTranslation('admin');
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="5">
        {t('settings.title')}
      </Heading>
      <SettingsNav />
      <Box minWidth="0">
        {section === 'pages' ? (
          <PagesSettings />
        ) : (
          <Routes>
            <Route index element={<StoreSettings />} />
            <Route path="shipping" element={<ShippingSettingsView />} />
            <Route path="payments" element={<PaymentsSettings />} />
            <Route path="search" element={<SearchSynonymsSettings />} />
            <Route path="*" element={<Navigate to="/admin/settings" replace />} />
          </Routes>
        )}
      </Box>
    </Flex>
  );
}
