import { Button, Callout, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';

/** A failed load: the message and a retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Callout.Root color="red" role="alert" my="3">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex align="center" gap="3" wrap="wrap">
        <Callout.Text>{message}</Callout.Text>
        {onRetry && (
          <Button size="1" variant="soft" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )}
      </Flex>
    </Callout.Root>
  );
}
