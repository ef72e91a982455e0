import { useState } from 'react';
import { Box, Button, DataList, Dialog, Flex, Select, Text, TextArea } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { ContactRequest } from '../../../api/types';
import { ContactStatusItems } from './ContactStatusItems';
import { formatDate } from '../../../lib/format';
import { ContactReplies } from './ContactReplies';
import { ContactStatusBadge } from './ContactStatusBadge';
import { DialogFooter } from '../../../components/DialogFooter';

/** The whole request: sender, subject, message, status and the admin's notes. */
export function ContactDetailDialog({
  request,
  onClose,
  onEdit,
}: {
  request: ContactRequest | null;
  onClose: () => void;
  onEdit: (r: ContactRequest) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Dialog.Root open={!!request} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="600px" aria-describedby={undefined}>
        <Dialog.Title>{t('contact.detailTitle')}</Dialog.Title>
        {request && (
          <Flex direction="column" gap="4">
            <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
              <DataList.Item>
                <DataList.Label minWidth="110px">{t('contact.columns.name')}</DataList.Label>
                <DataList.Value>{request.name}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="110px">{t('contact.columns.email')}</DataList.Label>
                <DataList.Value>
                  <a href={`mailto:${request.email}`}>{request.email}</a>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="110px">{t('contact.columns.subject')}</DataList.Label>
                <DataList.Value>{request.subject}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="110px">{t('contact.columns.status')}</DataList.Label>
                <DataList.Value>
                  <ContactStatusBadge status={request.status} />
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="110px">{t('contact.columns.date')}</DataList.Label>
                <DataList.Value>{formatDate(request.createdAt, i18n.language, true)}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
            <Box>
              <Text as="div" size="2" weight="medium" mb="1">
                {t('contact.message')}
              </Text>
              <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {request.message}
              </Text>
            </Box>
            <Box>
              <Text as="div" size="2" weight="medium" mb="1">
                {t('contact.adminNotes')}
              </Text>
              <Text as="p" size="2" color={request.adminNotes ? undefined : 'gray'} style={{ whiteSpace: 'pre-wrap' }}>
                {request.adminNotes || t('contact.noNotes')}
              </Text>
            </Box>
            <ContactReplies key={request.id} request={request} />
          </Flex>
        )}
        <DialogFooter closeLabel={t('actions.close')}>
          {request && <Button onClick={() => onEdit(request)}>{t('contact.updateStatus')}</Button>}
        </DialogFooter>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Status and admin notes of one request. */
export function ContactStatusDialog({
  request,
  busy,
  onClose,
  onSave,
}: {
  request: ContactRequest | null;
  busy: boolean;
  onClose: () => void;
  onSave: (status: string, adminNotes: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog.Root open={!!request} onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>{t('contact.statusTitle')}</Dialog.Title>
        {request && <StatusForm key={request.id} request={request} busy={busy} onClose={onClose} onSave={onSave} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function StatusForm({
  request,
  busy,
  onClose,
  onSave,
}: {
  request: ContactRequest;
  busy: boolean;
  onClose: () => void;
  onSave: (status: string, adminNotes: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState(request.status);
  const [notes, setNotes] = useState(request.adminNotes ?? '');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSave(status, notes.trim());
      }}
    >
      <Text as="p" size="2" color="gray" mb="3">
        {t('contact.statusFor', { name: request.name, subject: request.subject })}
      </Text>
      <Flex direction="column" gap="3">
        <Box>
          <Text as="label" htmlFor="contact-status" size="2" weight="medium" style={{ display: 'block' }} mb="1">
            {t('contact.columns.status')}
          </Text>
          <Select.Root value={status} onValueChange={setStatus}>
            <Select.Trigger id="contact-status" style={{ width: '100%' }} />
            <Select.Content position="popper">
              <ContactStatusItems />
            </Select.Content>
          </Select.Root>
        </Box>
        <Box>
          <Text as="label" htmlFor="contact-notes" size="2" weight="medium" style={{ display: 'block' }} mb="1">
            {t('contact.adminNotes')}
          </Text>
          <TextArea id="contact-notes" rows={4} maxLength={5000} value={notes} placeholder={t('contact.notesPlaceholder')} onChange={(e) => setNotes(e.target.value)} />
        </Box>
      </Flex>
      <Flex justify="end" gap="3" mt="4">
        <Button type="button" variant="soft" color="gray" onClick={onClose} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('actions.save')}
        </Button>
      </Flex>
    </form>
  );
}
