import { Badge, Box, Button, Dialog, Flex, IconButton, Separator, Text, VisuallyHidden } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { displayName } from '../lib/user';
import type { NavItem } from './Header';
import { UserAvatar } from './UserAvatar';

/** The side drawer that holds the header's links on small screens. */
export default function MobileDrawer({ items, open, onOpenChange }: { items: NavItem[]; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('common');
  const { user, isAuthenticated, isAdmin, logout } = useAuth();
  const navigate = useNavigate();
  const setOpen = onOpenChange;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Content className="drawer" aria-describedby={undefined}>
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
          <Flex direction="column" gap="1" asChild>
            <ul className="plain-list">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className="drawer-link" onClick={() => {
                      item.onClick?.();
                      setOpen(false);
                    }}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </Flex>
        </nav>
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

