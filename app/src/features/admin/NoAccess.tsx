import { Button, Callout, Flex } from '@radix-ui/themes';
import { LockClosedIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { VisibleScreen } from './screens';

/** An admin screen the role may not open (a direct address): says so, and links to the role's start screen. */
export function NoAccess({ start }: { start: VisibleScreen | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <Flex direction="column" gap="3" align="start" data-testid="admin-no-access">
      <Callout.Root color="amber" role="alert">
        <Callout.Icon>
          <LockClosedIcon />
        </Callout.Icon>
        <Callout.Text weight="bold">{t('noAccess.title')}</Callout.Text>
        <Callout.Text>{t('noAccess.body')}</Callout.Text>
      </Callout.Root>
      {start && (
        <Button asChild variant="soft">
          <Link to={start.to}>{t('noAccess.back', { screen: t(`nav.${start.key}`) })}</Link>
        </Button>
      )}
    </Flex>
  );
}
