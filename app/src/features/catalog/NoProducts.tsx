import { Button, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';

/** The empty result: the spec's sentence, the query that found nothing, and a way out. */
export function NoProducts({ search, filtered, onClear }: { search: string; filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation('shop');
  return (
    <Flex direction="column" align="center" gap="3" my="8">
      <Text as="p" align="center" color="gray">
        {t('noProducts')}
      </Text>
      {search.trim() && (
        <Text as="p" align="center" color="gray">
          {t('emptyResults.forQuery', { query: search.trim() })}
        </Text>
      )}
      {filtered && (
        <Button variant="soft" onClick={onClear}>
          {t('emptyResults.clearFilters')}
        </Button>
      )}
    </Flex>
  );
}
