import { Badge, Button, DropdownMenu, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { displayName } from '../lib/user';
import { UserAvatar } from './UserAvatar';

/** The signed-in user's chip: avatar initials, name, Admin badge; menu with Profile, My Orders, Logout. */
export default function UserMenu() {
  const { t } = useTranslation('common');
  const { user, isAdmin, logout } = useAuth();
  const navigate = useNavigate();
  const name = displayName(user, t('user.fallbackName'));
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="ghost" color="gray" aria-label={isAdmin ? `${t('user.menu', { name })} (${t('user.adminBadge')})` : t('user.menu', { name })} className="user-chip">
          <UserAvatar user={user} />
          <Flex align="center" gap="2" display={{ initial: 'none', md: 'flex' }}>
            <Text size="2" truncate style={{ maxWidth: 140 }}>
              {name}
            </Text>
            {isAdmin && (
              <Badge color="amber" variant="soft">
                {t('user.adminBadge')}
              </Badge>
            )}
          </Flex>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item onSelect={() => navigate('/profile')}>{t('nav.profile')}</DropdownMenu.Item>
        <DropdownMenu.Item onSelect={() => navigate('/account/orders')}>{t('nav.myOrders')}</DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item
          color="red"
          onSelect={async () => {
            await logout();
            navigate('/');
          }}
        >
          {t('nav.logout')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
