import { Badge, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';

/** A user's roles as badges (Admin in the accent colour). */
export function RoleBadges({ roles }: { roles: string[] }) {
  const { t } = useTranslation('admin');
  return (
    <Flex gap="1" wrap="wrap">
      {roles.map((r) => (
        <Badge key={r} color={r === 'Admin' ? 'indigo' : 'gray'} variant="soft">
          {t(`customers.roles.${r}`, r)}
        </Badge>
      ))}
    </Flex>
  );
}
