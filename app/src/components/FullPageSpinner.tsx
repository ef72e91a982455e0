import { Flex, Spinner, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';

/** Centred spinner with "Loading..." (guards, lazy routes). */
export function FullPageSpinner() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Flex role="status" aria-live="polite" direction="column" align="center" justify="center" gap="3" py="9" style={{ minHeight: '40vh' }}>
      <Spinner size="3" />
      <Text color="gray">{t('loading', 'Loading...')}</Text>
    </Flex>
  );
}
