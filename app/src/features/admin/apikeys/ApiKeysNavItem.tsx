import { LockClosedIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../../auth/AuthContext';

/** The admin nav's entry of /admin/api-keys, for Admins only (the server refuses every other role: 403). */
export function ApiKeysNavItem() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const { user } = useAuth();
  if (user?.roles.includes('Admin') !== true) return null;
  return (
    <li>
      <Link to="/admin/api-keys" className="admin-nav-link" aria-current={pathname.startsWith('/admin/api-keys') ? 'page' : undefined}>
        <LockClosedIcon aria-hidden="true" />
        {t('nav.apiKeys')}
      </Link>
    </li>
  );
}
