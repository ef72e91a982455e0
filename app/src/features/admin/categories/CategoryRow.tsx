import { Badge, Flex, Table, Text } from '@radix-ui/themes';
import { ArrowDownIcon, ArrowUpIcon, Pencil1Icon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../api/types';
import { RowAction } from '../components/RowAction';

interface Props {
  category: Category;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One category in the admin's table: names, address, products, shown or hidden, and its actions. */
export function CategoryRow({ category: c, first, last, onMove, onEdit, onDelete }: Props) {
  const { t } = useTranslation('admin');
  const others = (['ru', 'zh'] as const).map((l) => c.nameLocalized?.[l]).filter(Boolean).join(' · ');
  return (
    <Table.Row style={c.hidden ? { opacity: 0.7 } : undefined}>
      <Table.RowHeaderCell>
        <Flex align="center" gap="2">
          {c.imageUrl && <img src={`${c.imageUrl}?thumb=120x120`} alt="" width={32} height={32} style={{ borderRadius: 4, objectFit: 'cover' }} />}
          <div>
            <Text as="div" weight="medium">
              {c.name}
            </Text>
            {others && (
              <Text as="div" size="1" color="gray">
                {others}
              </Text>
            )}
          </div>
        </Flex>
      </Table.RowHeaderCell>
      <Table.Cell className="fit-break">/?category={c.name}</Table.Cell>
      <Table.Cell>{c.productCount}</Table.Cell>
      <Table.Cell>
        <Badge color={c.hidden ? 'gray' : 'green'}>{t(c.hidden ? 'categories.hidden' : 'categories.shown')}</Badge>
      </Table.Cell>
      <Table.Cell>
        <Flex gap="2">
          {!first && (
            <RowAction tip={t('categories.moveUp')} label={t('categories.moveUpNamed', { name: c.name })} onClick={() => onMove(-1)}>
              <ArrowUpIcon />
            </RowAction>
          )}
          {!last && (
            <RowAction tip={t('categories.moveDown')} label={t('categories.moveDownNamed', { name: c.name })} onClick={() => onMove(1)}>
              <ArrowDownIcon />
            </RowAction>
          )}
          <RowAction tip={t('actions.edit')} label={t('categories.editNamed', { name: c.name })} onClick={onEdit}>
            <Pencil1Icon />
          </RowAction>
          <RowAction tip={t('actions.delete')} label={t('categories.deleteNamed', { name: c.name })} color="red" onClick={onDelete}>
            <TrashIcon />
          </RowAction>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
