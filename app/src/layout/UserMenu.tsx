import { useRef } from 'react';
import { Badge, Button, DropdownMenu, Flex, Text } from '@radix-ui/themes';
import { ChevronDownIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { displayName } from '../lib/user';
import { UserAvatar } from '../components/UserAvatar';
import { keepFocusOnNewScreen } from './focusAfterMenu';

// The header's two dropdown menus share one chunk: a chunk of its own for the categories' split the
// start-up's shared Radix code into more files (about 500 B more gzip for the home).
export { default as CategoriesMenu } from './CategoriesMenu';

/**
 * The signed-in user's chip: avatar initials, name, Admin badge; menu with Profile, My Orders, Logout.
 * The avatar sits beside the menu button (not inside it) so the button's visible text is exactly
 * the name and badge that its accessible name contains.
 */
export default function UserMenu() {
  const { t } = useTranslation('common');
  const { user, isAdmin, logout } = useAuth();
  const navigate = useNavigate();
  const trigger = useRef<HTMLButtonElement>(null);
  const name = displayName(user, t('user.fallbackName'));
  return (
    <Flex align="center" gap="2" className="user-chip">
      <span className="user-chip-avatar" onClick={() => trigger.current?.click()}>
        <UserAvatar user={user} />
      </span>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <Button ref={trigger} variant="ghost" color="gray" aria-label={isAdmin ? t('user.menuAdmin', { name }) : t('user.menu', { name })}>
            <span className="user-chip-name">
              <Text size="2" truncate style={{ maxWidth: 140 }}>
                {name}
              </Text>
              {isAdmin && ' '}
              {isAdmin && (
                <Badge color="amber" variant="soft">
                  {t('user.adminBadge')}
                </Badge>
              )}
            </span>
            <ChevronDownIcon aria-hidden="true" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end" onCloseAutoFocus={keepFocusOnNewScreen}>
          <DropdownMenu.Item onSelect={() => navigate('/profile')}>{t('nav.profile')}</DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => navigate('/account/orders')}>{t('nav.myOrders')}</DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => navigate('/account/quotes')}>{t('nav.myQuotes')}</DropdownMenu.Item>
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
    </Flex>
  );
}
