import { Button, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useCategoryLabel } from './categoryLabel';

interface NoProductsProps {
  search: string;
  filtered: boolean;
  onClear: () => void;
  /** A close spelling that finds products. */
  didYouMean?: string;
  onSearch: (text: string) => void;
  /** Categories to browse instead. */
  categories: string[];
  onCategory: (category: string) => void;
}

/** The empty result: the spec's sentence, "Did you mean ...?", categories to browse, and a way out. */
export function NoProducts({ search, filtered, onClear, didYouMean, onSearch, categories, onCategory }: NoProductsProps) {
  const { t } = useTranslation('shop');
  const label = useCategoryLabel();
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
      {didYouMean && (
        <Text as="p" align="center" size="4">
          {t('emptyResults.didYouMean')}{' '}
          <Button variant="ghost" size="3" onClick={() => onSearch(didYouMean)} className="did-you-mean">
            {didYouMean}
          </Button>
        </Text>
      )}
      {filtered && (
        <Button variant="soft" onClick={onClear}>
          {t('emptyResults.clearFilters')}
        </Button>
      )}
      {search.trim() && (
        <nav aria-label={t('emptyResults.browse')}>
          <Text as="p" align="center" color="gray" mb="2">
            {t('emptyResults.browse')}
          </Text>
          <Flex gap="2" wrap="wrap" justify="center">
            {categories.map((c) => (
              <Button key={c} variant="outline" onClick={() => onCategory(c)}>
                {label(c)}
              </Button>
            ))}
          </Flex>
        </nav>
      )}
    </Flex>
  );
}
