import { Callout, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { FitTable } from '../../../components/FitTable';
import type { ImportError } from './api';

/** The dry run's problems, one line each: row, column, message. Nothing was written. */
export function ImportErrors({ errors }: { errors: ImportError[] }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Callout.Root color="red" role="alert">
        <Callout.Text>{t('import.hasErrors', { count: errors.length })}</Callout.Text>
      </Callout.Root>
      <FitTable actions={false}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('import.columns.row')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('import.columns.field')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('import.columns.message')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {errors.map((e, i) => (
            <Table.Row key={`${e.row}-${e.field}-${i}`}>
              <Table.RowHeaderCell>{t('import.rowN', { row: e.row })}</Table.RowHeaderCell>
              <Table.Cell>
                <Text style={{ fontFamily: 'var(--code-font-family)' }}>{e.field || '-'}</Text>
              </Table.Cell>
              <Table.Cell className="fit-break">{e.message}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </FitTable>
    </>
  );
}
