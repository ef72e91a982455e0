import { Badge, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDate } from '../../lib/format';
import { displayName } from '../../lib/user';

/** The profile page's side card: avatar, name, roles and the account's dates. */
export function ProfileAccountCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation('account');
  const { isAdmin } = useAuth();
  return (
  <Card size="3">
    <Flex direction="column" align="center" gap="2" mb="4">
      <UserAvatar user={user} size="6" />
      <Text weight="bold" size="4">
        {displayName(user, t('common:user.fallbackName'))}
      </Text>
      <Text size="2" color="gray">
        {user.email}
      </Text>
      {isAdmin && (
        <Badge color="amber" variant="soft">
          {t('common:user.adminBadge')}
        </Badge>
      )}
    </Flex>
    <Heading as="h2" size="3" mb="3">
      {t('profile.accountDetails')}
    </Heading>
    <DataList.Root orientation="vertical">
      <DataList.Item>
        <DataList.Label>{t('profile.memberSince')}</DataList.Label>
        <DataList.Value>{formatDate(user.createdAt, i18n.language)}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>{t('profile.lastLogin')}</DataList.Label>
        <DataList.Value>{formatDate(user.lastLoginAt, i18n.language, true)}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>{t('profile.roles')}</DataList.Label>
        <DataList.Value>
          <Flex gap="1" wrap="wrap">
            {(user.roles ?? []).map((r) => (
              <Badge key={r} variant="soft">
                {t(`common:roles.${r}`, r)}
              </Badge>
            ))}
          </Flex>
        </DataList.Value>
      </DataList.Item>
    </DataList.Root>
    {user.taxExempt && (
      <Text as="p" size="2" color="amber" mt="3" data-testid="profile-tax-exempt">
        {t('profile.taxExempt')}
      </Text>
    )}
  </Card>
  );
}
