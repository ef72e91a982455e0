import { Badge, Box, Flex, Table, Text } from '@radix-ui/themes';
import { Pencil1Icon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../api/types';
import { ProductImage } from '../../../components/ProductImage';
import { formatPrice } from '../../../lib/format';
import { resolveLocalized } from '../../../lib/localized';
import { priceVaries } from '../../../lib/variants';
import { RowAction } from '../components/RowAction';
import { WaitingBadge } from './WaitingBadge';

/** Admin stock badge: above 10 green, 1 to 10 amber, 0 red (spec section 9). */
export function stockColor(stock: number): 'green' | 'amber' | 'red' {
  if (stock > 10) return 'green';
  if (stock >= 1) return 'amber';
  return 'red';
}

interface Props {
  product: Product;
  lang: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** One product in the admin's table: photo, name and description, category, price, stock, status, edit and delete. */
export function ProductRow({ product, lang, onEdit, onDelete }: Props) {
  const { t } = useTranslation('admin');
  const name = resolveLocalized(product.nameLocalized, lang, product.name);
  const description = resolveLocalized(product.descriptionLocalized, lang, product.description);
  // Several variants: the stock summed over them, and how many are sold out (the list's stockTotal).
  const several = product.variantCount > 1;
  const stock = several ? (product.stockTotal ?? product.stockQuantity) : product.stockQuantity;
  const soldOut = several ? (product.variantsSoldOut ?? 0) : 0;
  return (
    <Table.Row align="center" className={product.isActive ? undefined : 'admin-row-inactive'} data-inactive={!product.isActive || undefined}>
      <Table.Cell>
        <Flex align="center" gap="3" minWidth="260px">
          <ProductImage
            fileName={product.imageFileNames?.[0] || product.imageFileName}
            thumb="120x120"
            alt=""
            width={48}
            height={48}
            className="thumb"
            loading="lazy"
          />
          <Box minWidth="0">
            <Text as="div" weight="medium">
              {name}
            </Text>
            <Text as="div" size="1" color="gray" className="clamp-2">
              {description}
            </Text>
          </Box>
        </Flex>
      </Table.Cell>
      <Table.Cell>{t(`shop:categories.${product.category}`, product.category)}</Table.Cell>
      <Table.Cell justify="end">
        {/* Several variants: their price range ("$12.00 - $30.00") rather than the default's price. */}
        {priceVaries(product)
          ? t('products.priceRange', { from: formatPrice(product.priceFrom, lang), to: formatPrice(product.priceTo, lang) })
          : formatPrice(product.price, lang)}
      </Table.Cell>
      <Table.Cell justify="center">
        <Badge color={stockColor(stock)} variant="soft" data-color={stockColor(stock)}>
          {stock}
        </Badge>
        <WaitingBadge count={product.waitingAlerts} />
        {soldOut > 0 && (
          <Text as="div" size="1" color="gray" mt="1" data-testid="variants-sold-out">
            {t('products.variantsSoldOut', { count: soldOut, total: product.variantCount })}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Badge color={product.isActive ? 'green' : 'gray'} variant="outline">
          {t(product.isActive ? 'products.active' : 'products.inactive')}
        </Badge>
      </Table.Cell>
      <Table.Cell justify="end">
        <Flex gap="2" justify="end">
          <RowAction tip={t('actions.edit')} label={t('products.editNamed', { name })} onClick={onEdit}>
            <Pencil1Icon />
          </RowAction>
          <RowAction tip={t('actions.delete')} label={t('products.deleteNamed', { name })} color="red" onClick={onDelete}>
            <TrashIcon />
          </RowAction>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
