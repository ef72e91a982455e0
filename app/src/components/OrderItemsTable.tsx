import { Flex, Table, Text } from '@radix-ui/themes';
import type { OrderDetail } from '../api/types';
import { formatPrice } from '../lib/format';
import { FitTable } from './FitTable';
import { ProductImage } from './ProductImage';
import { lineName } from '../lib/variants';

interface Props {
  items: OrderDetail['items'];
  lang: string;
  /** Column headers, translated by the dialog (the customer's and the admin's namespaces differ). */
  labels: { product: string; unitPrice: string; lineTotal: string; sku: string; quantity?: string };
  /** The product cell's least width (the admin's dialog keeps names readable beside wide columns). */
  productMinWidth?: string;
}

/** An order's lines (photo, name with its variant and SKU, price × quantity, line total), shared by the customer's and the admin's order dialogs. */
export function OrderItemsTable({ items, lang, labels, productMinWidth }: Props) {
  return (
    <FitTable size="1" variant="ghost" actions={false}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{labels.product}</Table.ColumnHeaderCell>
          {labels.quantity && <Table.ColumnHeaderCell>{labels.quantity}</Table.ColumnHeaderCell>}
          <Table.ColumnHeaderCell>{labels.unitPrice}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">{labels.lineTotal}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {items.map((item) => (
          <Table.Row key={item.id} align="center">
            <Table.Cell>
              <Flex align="center" gap="2" minWidth={productMinWidth}>
                <ProductImage fileName={item.productImage} thumb="120x120" alt="" width={40} height={40} className="thumb" loading="lazy" />
                <Flex direction="column">
                  <Text size="2">{lineName(item.productName, item.variantLabelLocalized, lang)}</Text>
                  {item.sku && (
                    <Text size="1" color="gray">
                      {labels.sku}: {item.sku}
                    </Text>
                  )}
                </Flex>
              </Flex>
            </Table.Cell>
            {labels.quantity && <Table.Cell>{item.quantity}</Table.Cell>}
            <Table.Cell style={labels.quantity ? undefined : { whiteSpace: 'nowrap' }}>
              {formatPrice(item.unitPrice, lang)} × {item.quantity}
            </Table.Cell>
            <Table.Cell justify="end">{formatPrice(item.totalPrice, lang)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </FitTable>
  );
}
