import { Table } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';

/** The header of an admin table's row-actions column: named for screen readers, blank on screen. */
export function ActionsHeader() {
  const { t } = useTranslation('admin');
  return (
    <Table.ColumnHeaderCell>
      <span className="visually-hidden">{t('products.columns.actions')}</span>
    </Table.ColumnHeaderCell>
  );
}
