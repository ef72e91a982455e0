import { useEffect } from 'react';
import { Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProductSuggestion } from '../../api/types';
import { ProductImage } from '../../components/ProductImage';
import { usePrice } from '../../lib/format';
import { suggestQuery } from './api';
import { suggestionId } from './suggestions';

interface Props {
  id: string;
  query: string;
  lang: string;
  open: boolean;
  active: number;
  onItems: (items: ProductSuggestion[]) => void;
  onPick: (item: ProductSuggestion) => void;
}

/** The combobox's listbox: up to 5 products with picture, name and price, and a status line. */
export default function SuggestionList({ id, query, lang, open, active, onItems, onPick }: Props) {
  const { t } = useTranslation('shop');
  const price = usePrice();
  const { data } = useQuery(suggestQuery(query, lang));
  const items = data?.products ?? [];
  useEffect(() => onItems(data?.products ?? []), [data, onItems]);
  const shown = open && items.length > 0;
  return (
    <>
      <ul id={id} role="listbox" aria-label={t('search.suggestions')} className="search-suggestions" hidden={!shown}>
        {items.map((p, i) => (
          <li
            key={p.id}
            id={suggestionId(id, i)}
            role="option"
            aria-selected={i === active}
            className="search-suggestion"
            // Keeps the focus in the field: a click picks without blurring first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(p)}
          >
            <ProductImage fileName={p.imageFileName} thumb="120x120" alt="" width={44} height={44} />
            <Flex direction="column" minWidth="0">
              <Text size="2" weight="medium" truncate>
                {p.name}
              </Text>
              <Text size="2" color="gray">
                {price(p.price)}
                {!p.inStock && ` · ${t('outOfStock')}`}
              </Text>
            </Flex>
          </li>
        ))}
      </ul>
      <span role="status" className="visually-hidden">
        {open && data ? t('search.count', { count: items.length }) : ''}
      </span>
    </>
  );
}
