import { useState } from 'react';
import { Badge, Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resolveLocalized } from '../../../lib/localized';
import { adminProductListQuery, adminProductQuery } from '../api';

interface Props {
  ids: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

/** The products a promotion applies to: the chosen ones (each removable) and a search to add more. */
export function ProductPicker({ ids, onChange, error }: Props) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const found = useQuery({ ...adminProductListQuery({ search, category: '', page: 1 }), enabled: search.trim().length >= 2 });
  const matches = (found.data?.products ?? []).filter((p) => !ids.includes(p.id)).slice(0, 6);
  return (
    <Flex direction="column" gap="2">
      <Text as="label" htmlFor="promotion-product-search" size="2" weight="medium">
        {t('promotions.products')}
      </Text>
      <Flex gap="2" wrap="wrap" aria-live="polite">
        {ids.map((id) => (
          <ChosenProduct key={id} id={id} onRemove={() => onChange(ids.filter((x) => x !== id))} />
        ))}
      </Flex>
      <TextField.Root
        id="promotion-product-search"
        placeholder={t('promotions.productSearch')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? 'promotion-products-error' : undefined}
      />
      {matches.length > 0 && (
        <Flex direction="column" gap="1" role="list" aria-label={t('promotions.productMatches')}>
          {matches.map((p) => (
            <Flex key={p.id} role="listitem" justify="between" align="center" gap="2">
              <Text size="2">{resolveLocalized(p.nameLocalized, 'en', p.name)}</Text>
              <Button type="button" size="1" variant="soft" onClick={() => onChange([...ids, p.id])}>
                {t('promotions.addProduct')}
              </Button>
            </Flex>
          ))}
        </Flex>
      )}
      {error && (
        <Text id="promotion-products-error" size="1" color="red">
          {error}
        </Text>
      )}
    </Flex>
  );
}

/** One chosen product, by its name once loaded. */
function ChosenProduct({ id, onRemove }: { id: string; onRemove: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const product = useQuery(adminProductQuery(id));
  const name = product.data ? resolveLocalized(product.data.nameLocalized, i18n.language, product.data.name) : id;
  return (
    <Badge size="2" variant="soft">
      {name}
      <IconButton type="button" size="1" variant="ghost" aria-label={t('promotions.removeProduct', { name })} onClick={onRemove}>
        <Cross2Icon />
      </IconButton>
    </Badge>
  );
}
