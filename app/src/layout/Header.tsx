import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, Button, Flex, IconButton } from '@radix-ui/themes';
import { HamburgerMenuIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { CartPopover } from '../features/cart/CartPopover';
import { forgetShopState } from '../features/catalog/homeState';
import { HeaderSearch } from '../features/search/HeaderSearch';
import { useStore } from '../api/store';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavList, type NavItem } from './NavList';
import { UserAvatar } from '../components/UserAvatar';
import { DeferredPopover } from '../components/DeferredPopover';
import { lazyWithPreload } from '../lib/lazyWithPreload';

// Loaded on demand: signed-out visitors on wide screens never need these.
const UserMenu = lazy(() => import('./UserMenu'));
const MobileDrawer = lazy(() => import('./MobileDrawer'));
// The menu and its categories load on first use; the trigger is the same on the server's first screen.
const CategoriesMenu = lazyWithPreload(() => import('./UserMenu').then((m) => ({ default: m.CategoriesMenu })));

function useNavItems(): NavItem[] {
  const { t } = useTranslation('common');
  const { isAuthenticated, isStaff } = useAuth();
  const items: NavItem[] = [{ to: '/', label: t('nav.products'), end: true, onClick: forgetShopState }];
  if (isStaff) items.push({ to: '/admin', label: t('nav.admin') });
  if (isAuthenticated) {
    items.push({ to: '/profile', label: t('nav.profile') });
    items.push({ to: '/account/orders', label: t('nav.myOrders') });
    items.push({ to: '/account/quotes', label: t('nav.myQuotes') });
  }
  return items;
}

/** Hides the header while scrolling down, shows it again on scroll up. */
function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        if (Math.abs(y - last.current) < 8) return;
        setHidden(y > last.current && y > 80);
        last.current = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return hidden;
}

function Brand() {
  const { t } = useTranslation('common');
  const { name, logoUrl } = useStore();
  return (
    <Link to="/" className="brand" aria-label={t('brand.homeOf', { name })} onClick={forgetShopState}>
      <img src={logoUrl ? `${logoUrl}?thumb=120x120` : '/favicon.svg'} alt="" width={28} height={28} />
      <span>{name}</span>
    </Link>
  );
}

export function Header() {
  const { t } = useTranslation('common');
  const { isAuthenticated, status, user } = useAuth();
  const items = useNavItems();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const hidden = useHideOnScroll();
  const navigate = useNavigate();
  return (
    <header className="site-header" data-hidden={hidden || undefined}>
      <Flex align="center" gap="4" px={{ initial: '3', sm: '5' }} py="2" className="header-inner">
        <Box display={{ initial: 'block', sm: 'none' }}>
          <IconButton variant="ghost" color="gray" size="3" aria-label={t('nav.openMenu')} aria-haspopup="dialog" onClick={() => setDrawerOpen(true)}>
            <HamburgerMenuIcon width={20} height={20} />
          </IconButton>
          {drawerOpen && (
            <Suspense fallback={null}>
              <MobileDrawer items={items} open={drawerOpen} onOpenChange={setDrawerOpen} />
            </Suspense>
          )}
        </Box>
        <Brand />
        <Box asChild display={{ initial: 'none', sm: 'block' }}>
          <nav aria-label={t('nav.main')}>
            <Flex align="center" gap="4">
              <NavList items={items} linkClass="nav-link" />
              <DeferredPopover
                panel={CategoriesMenu}
                menu
                content={{}}
                trigger={
                  <Button variant="ghost" color="gray" className="menu-trigger">
                    {t('nav.categories')}
                  </Button>
                }
              >
                {null}
              </DeferredPopover>
            </Flex>
          </nav>
        </Box>
        <HeaderSearch />
        <Flex align="center" gap="4" ml="auto">
          <LanguageSwitcher />
          <CartPopover />
          {isAuthenticated ? (
            <Suspense fallback={<UserAvatar user={user} />}>
              <UserMenu />
            </Suspense>
          ) : (
            <Box display={{ initial: 'none', sm: 'block' }}>
              <Button onClick={() => navigate('/login')} disabled={status === 'loading'}>
                {t('nav.login')}
              </Button>
            </Box>
          )}
        </Flex>
      </Flex>
    </header>
  );
}
