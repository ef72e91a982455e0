import { Box, Dialog, Flex, SegmentedControl, Spinner, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';
import { emailDetailQuery } from './api';
import { DialogFooter } from '../../../components/DialogFooter';

/**
 * The rendered e-mail: HTML in a sandboxed frame (no scripts, no same-origin access, so a
 * message cannot reach the admin's session) or the plain text.
 */
export function EmailPreviewDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [part, setPart] = useState<'html' | 'text'>('html');
  const email = useQuery({ ...emailDetailQuery(id ?? ''), enabled: !!id });
  return (
    <Dialog.Root open={!!id} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="760px" aria-describedby={undefined}>
        <Dialog.Title>{email.data?.subject ?? t('emails.preview')}</Dialog.Title>
        {email.isPending && <Spinner />}
        {email.isError && <LoadError message={failureText(t, email.error, 'emails.loadError')} />}
        {email.data && (
          <Flex direction="column" gap="3">
            <Text size="2" color="gray">
              {t('emails.columns.to')}: {email.data.to}
            </Text>
            <SegmentedControl.Root value={part} onValueChange={(v) => setPart(v as 'html' | 'text')} size="1">
              <SegmentedControl.Item value="html">HTML</SegmentedControl.Item>
              <SegmentedControl.Item value="text">{t('emails.plainText')}</SegmentedControl.Item>
            </SegmentedControl.Root>
            {part === 'html' ? (
              <iframe
                title={t('emails.preview')}
                sandbox=""
                srcDoc={email.data.html}
                style={{ width: '100%', height: '60vh', border: '1px solid var(--gray-6)', borderRadius: 'var(--radius-2)', background: 'white' }}
              />
            ) : (
              <Box asChild style={{ maxHeight: '60vh', overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <pre>{email.data.text}</pre>
              </Box>
            )}
          </Flex>
        )}
        <DialogFooter closeLabel={t('actions.close')} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
