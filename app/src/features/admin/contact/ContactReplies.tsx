import { useState, type FormEvent } from 'react';
import { Box, Button, Card, Flex, Text, TextArea } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import type { ContactReply, ContactRequest } from '../../../api/types';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { formatDate } from '../../../lib/format';
import { failureText } from '../messages';
import { adminKeys } from '../../../api/queryKeys';

const MAX_REPLY = 5000;

/** The replies sent so far (who, when) and a box to e-mail a new one to the visitor. */
export function ContactReplies({ request }: { request: ContactRequest }) {
  const { t, i18n } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [replies, setReplies] = useState<ContactReply[]>(request.replies ?? []);
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (message: string) => api.post<ContactRequest>(`/contact/admin/requests/${encodeURIComponent(request.id)}/reply`, { message }),
    onSuccess: (updated) => {
      setReplies(updated.replies ?? []);
      setText('');
      toast.success(t('contactReplies.sent'), TOAST_LONG);
      void queryClient.invalidateQueries({ queryKey: adminKeys.contact });
    },
    onError: (err) => toast.error(failureText(t, err, 'contactReplies.sendError'), TOAST_LONG),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) send.mutate(text.trim());
  };
  return (
    <Box>
      <Text as="div" size="2" weight="medium" mb="1">
        {t('contactReplies.title')}
      </Text>
      {replies.length === 0 ? (
        <Text as="p" size="2" color="gray">
          {t('contactReplies.none')}
        </Text>
      ) : (
        <Flex direction="column" gap="2" asChild>
          <ul className="plain-list" aria-label={t('contactReplies.title')}>
            {replies.map((r, i) => (
              <li key={r.id ?? i}>
                <Card size="1">
                  <Text as="div" size="1" color="gray">
                    {t('contactReplies.byAt', { name: r.adminName, date: formatDate(r.createdAt, i18n.language, true) })}
                  </Text>
                  <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {r.message}
                  </Text>
                </Card>
              </li>
            ))}
          </ul>
        </Flex>
      )}
      <form onSubmit={submit}>
        <Flex direction="column" gap="2" mt="3">
          <Text as="label" htmlFor="contact-reply" size="2" weight="medium">
            {t('contactReplies.label', { email: request.email })}
          </Text>
          <TextArea id="contact-reply" rows={4} value={text} maxLength={MAX_REPLY} onChange={(e) => setText(e.target.value)} disabled={send.isPending} />
          <Flex justify="end">
            <Button type="submit" loading={send.isPending} disabled={!text.trim()}>
              {t('contactReplies.send')}
            </Button>
          </Flex>
        </Flex>
      </form>
    </Box>
  );
}
