import { Badge, Box, Button, Dialog, Flex, IconButton, Separator, Text, VisuallyHidden } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { displayName } from '../lib/user';
import { NavList, type NavItem } from './NavList';
import { UserAvatar } from '../components/UserAvatar';
import { keepFocusOnNewScreen } from './focusAfterMenu';
import { DrawerSections } from './DrawerSections';
import { useRef } from 'react';

/** The side drawer that holds the header's links on small screens. */
export default function MobileDrawer({ items, open, onOpenChange }: { items: NavItem[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('common');
  const { user, isAuthenticated, isAdmin, logout } = useAuth();
  const navigate = useNavigate();
  const setOpen = onOpenChange;
  // "Search" closes the menu and puts the focus in the page's search field (the home's own, or
  // the header's elsewhere), where Radix would give it back to the menu button.
  const toSearch = useRef(false);
  const afterClose = (event: Event) => {
    if (!toSearch.current) return keepFocusOnNewScreen(event);
    toSearch.current = false;
    const field = document.getElementById('product-search') ?? document.getElementById('header-search');
    if (!field) return;
    event.preventDefault();
    field.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Content className="drawer" aria-describedby={undefined} onCloseAutoFocus={afterClose}>
        <Flex justify="between" align="center" mb="4">
          <Dialog.Title size="4" mb="0">
            {t('nav.menu')}
          </Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label={t('close')}>
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        {isAuthenticated && (
          <Flex align="center" gap="3" mb="4">
            <UserAvatar user={user} size="3" />
            <Box minWidth="0">
              <Text as="p" weight="medium" truncate>
                {displayName(user, t('user.fallbackName'))}
              </Text>
              {isAdmin && (
                <Badge color="amber" variant="soft">
                  {t('user.adminBadge')}
                </Badge>
              )}
            </Box>
          </Flex>
        )}
        <nav aria-label={t('nav.main')}>
          <NavList items={items} linkClass="drawer-link" column onNavigate={() => setOpen(false)} />
        </nav>
        <DrawerSections
          onNavigate={() => setOpen(false)}
          onSearch={() => {
            toSearch.current = true;
            setOpen(false);
          }}
        />
        <Separator size="4" my="4" />
        {isAuthenticated ? (
          <Button
            variant="soft"
            color="red"
            onClick={async () => {
              setOpen(false);
              await logout();
              navigate('/');
            }}
          >
            {t('nav.logout')}
          </Button>
        ) : (
          <Button
            onClick={() => {
              setOpen(false);
              navigate('/login');
            }}
          >
            {t('nav.login')}
          </Button>
        )}
        <VisuallyHidden>
          <Dialog.Description>{t('nav.menu')}</Dialog.Description>
        </VisuallyHidden>
      </Dialog.Content>
    </Dialog.Root>
  );
}

