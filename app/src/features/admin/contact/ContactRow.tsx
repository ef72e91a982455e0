import { Flex, IconButton, Table, Text, Tooltip } from '@radix-ui/themes';
import { EyeOpenIcon, Pencil1Icon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ContactRequest } from '../../../api/types';
import { formatDate } from '../../../lib/format';
import { ContactStatusBadge } from './ContactStatusBadge';

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
      <Table.Cell className="fit-break">{request.email}</Table.Cell>
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
          <Tooltip content={t('actions.view')}>
            <IconButton variant="soft" aria-label={t('contact.viewNamed', { name: request.name })} onClick={() => onAction('view')}>
              <EyeOpenIcon />
            </IconButton>
          </Tooltip>
          <Tooltip content={t('actions.edit')}>
            <IconButton variant="soft" aria-label={t('contact.editNamed', { name: request.name })} onClick={() => onAction('edit')}>
              <Pencil1Icon />
            </IconButton>
          </Tooltip>
          <Tooltip content={t('actions.delete')}>
            <IconButton
              variant="soft"
              color="red"
              aria-label={t('contact.deleteNamed', { name: request.name })}
              onClick={() => onAction('delete')}
            >
              <TrashIcon />
            </IconButton>
          </Tooltip>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
