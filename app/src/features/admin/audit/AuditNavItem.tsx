import { FileTextIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../../auth/AuthContext';

/** The admin nav's audit log entry, shown to Admins only (the server answers 403 to every other role). */
export function AuditNavItem() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const { user } = useAuth();
  if (!(user?.roles ?? []).includes('Admin')) return null;
  return (
    <li>
      <Link to="/admin/audit" className="admin-nav-link" aria-current={pathname.startsWith('/admin/audit') ? 'page' : undefined}>
        <FileTextIcon aria-hidden="true" />
        {t('nav.audit')}
      </Link>
    </li>
  );
}
