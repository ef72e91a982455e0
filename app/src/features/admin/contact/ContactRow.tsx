import { Flex, Table, Text } from '@radix-ui/themes';
import { EyeOpenIcon, Pencil1Icon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ContactRequest } from '../../../api/types';
import { formatDate } from '../../../lib/format';
import { RowAction } from '../components/RowAction';
import { ContactStatusBadge } from './ContactStatusBadge';
import { EmailText } from '../../../components/EmailText';

interface Props {
  request: ContactRequest;
  lang: string;
  onAction: (kind: 'view' | 'edit' | 'delete') => void;
}

/** One contact request in the admin's table: who, subject, status, date, view, edit and delete. */
export function ContactRow({ request, lang, onAction }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>{request.name}</Table.RowHeaderCell>
      <Table.Cell className="fit-break">
        <EmailText email={request.email} />
      </Table.Cell>
      <Table.Cell>
        <Text className="clamp-2" style={{ maxWidth: 280 }}>
          {request.subject}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <ContactStatusBadge status={request.status} />
      </Table.Cell>
      <Table.Cell style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={request.createdAt} title={formatDate(request.createdAt, lang, true)}>
          {formatDate(request.createdAt, lang)}
        </time>
      </Table.Cell>
      <Table.Cell justify="end">
        <Flex gap="2" justify="end">
          <RowAction tip={t('actions.view')} label={t('contact.viewNamed', { name: request.name })} onClick={() => onAction('view')}>
            <EyeOpenIcon />
          </RowAction>
          <RowAction tip={t('actions.edit')} label={t('contact.editNamed', { name: request.name })} onClick={() => onAction('edit')}>
            <Pencil1Icon />
          </RowAction>
          <RowAction tip={t('actions.delete')} label={t('contact.deleteNamed', { name: request.name })} color="red" onClick={() => onAction('delete')}>
            <TrashIcon />
          </RowAction>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
