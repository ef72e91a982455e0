import { useState } from 'react';
import { Box, Button, Checkbox, Flex, Select, Switch, Table, Text, TextField } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { setPrices, type VariantRow } from './variantsModel';
import { TableRoot } from '../../../components/TableRoot';

interface Props {
  rows: VariantRow[];
  onChange: (rows: VariantRow[]) => void;
  /** The product's uploaded images, which a variant may show instead of all of them. */
  images: string[];
  errorText: (field: string) => string | undefined;
}

type TextPart = 'sku' | 'price' | 'compareAt' | 'stock';

/**
 * One row per variant: SKU, price, compare-at price, stock, active and picture, edited in place;
 * rows can be chosen to set one price for many at once (all of them when none is chosen).
 */
export function VariantGrid({ rows, onChange, images, errorText }: Props) {
  const { t } = useTranslation('admin');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState('');
  const bulkValid = /^\d+(\.\d{1,2})?$/.test(bulk.trim());
  const set = (key: string, patch: Partial<VariantRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const choose = (key: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const cell = (r: VariantRow, part: TextPart, name: string) => {
    const error = errorText(`variants.${r.key}.${part}`);
    return (
      <Table.Cell>
        <TextField.Root
          size="1"
          style={{ minWidth: part === 'sku' ? 140 : 80 }}
          inputMode={part === 'sku' ? 'text' : part === 'stock' ? 'numeric' : 'decimal'}
          aria-label={t(`variants.grid.${part}For`, { name })}
          aria-invalid={!!error}
          value={r[part]}
          onChange={(e) => set(r.key, { [part]: e.target.value })}
        />
        {error && (
          <Text as="p" size="1" color="red" role="alert">
            {error}
          </Text>
        )}
      </Table.Cell>
    );
  };

  return (
    <Box>
      <Flex gap="2" align="end" wrap="wrap" mb="3">
        <TextField.Root
          size="2"
          style={{ width: 120 }}
          inputMode="decimal"
          aria-label={t('variants.grid.bulkPrice')}
          placeholder="0.00"
          value={bulk}
          onChange={(e) => setBulk(e.target.value)}
        >
          <TextField.Slot>$</TextField.Slot>
        </TextField.Root>
        <Button type="button" variant="soft" disabled={!bulkValid} onClick={() => onChange(setPrices(rows, chosen, Number(bulk).toFixed(2)))}>
          {chosen.size ? t('variants.grid.setPriceChosen', { n: chosen.size }) : t('variants.grid.setPriceAll')}
        </Button>
      </Flex>
      <Box style={{ overflowX: 'auto' }}>
        <TableRoot size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>
                <Checkbox
                  aria-label={t('variants.grid.chooseAll')}
                  checked={rows.length > 0 && chosen.size === rows.length}
                  onCheckedChange={(on) => setChosen(on === true ? new Set(rows.map((r) => r.key)) : new Set())}
                />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('variants.grid.variant')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('variants.grid.sku')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('variants.grid.price')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('variants.grid.compareAt')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('variants.grid.stock')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('variants.grid.active')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('variants.grid.picture')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => {
              const name = r.optionValues.join(', ');
              return (
                <Table.Row key={r.key} align="center">
                  <Table.Cell>
                    <Checkbox aria-label={t('variants.grid.choose', { name })} checked={chosen.has(r.key)} onCheckedChange={(on) => choose(r.key, on === true)} />
                  </Table.Cell>
                  <Table.RowHeaderCell style={{ whiteSpace: 'nowrap' }}>{name}</Table.RowHeaderCell>
                  {cell(r, 'sku', name)}
                  {cell(r, 'price', name)}
                  {cell(r, 'compareAt', name)}
                  {cell(r, 'stock', name)}
                  <Table.Cell>
                    <Switch aria-label={t('variants.grid.activeFor', { name })} checked={r.isActive} onCheckedChange={(isActive) => set(r.key, { isActive })} />
                  </Table.Cell>
                  <Table.Cell>
                    <Select.Root value={r.image || 'product'} onValueChange={(v) => set(r.key, { image: v === 'product' ? '' : v })}>
                      <Select.Trigger aria-label={t('variants.grid.pictureFor', { name })} />
                      <Select.Content position="popper">
                        <Select.Item value="product">{t('variants.grid.productPictures')}</Select.Item>
                        {images.map((file, i) => (
                          <Select.Item key={file} value={file}>
                            {t('variants.grid.pictureN', { n: i + 1 })}
                          </Select.Item>
                        ))}
                      </Select.Content>
                    </Select.Root>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </TableRoot>
      </Box>
    </Box>
  );
}
