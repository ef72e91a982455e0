import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../../api/types';
import { formatDate } from '../../../lib/format';
import { useOrderChange } from './FulfilmentPanel';
import { addOrderNote } from './ordersApi';

/** Who changed the status, from what (jumps off the usual path marked), and the admins' internal notes. */
export function OrderNotes({ order }: { order: OrderDetail }) {
  const { t, i18n } = useTranslation('admin');
  const [text, setText] = useState('');
  const add = useOrderChange(order.id, (v: string) => addOrderNote(order.id, v), 'fulfilment.noteAdded');
  const status = (s: string) => t(`common:orderStatus.${s}`, s);
  return (
    <Box data-testid="order-notes">
      <Heading as="h3" size="3" mb="2">
        {t('fulfilment.history')}
      </Heading>
      <ul className="plain-list" style={{ display: 'grid', gap: 4 }}>
        {order.history.map((h, i) => (
          <li key={i}>
            <Text size="2">
              {formatDate(h.at, i18n.language, true)} · {h.from ? `${status(h.from)} → ${status(h.status)}` : status(h.status)}
              {h.by ? ` · ${h.by}` : ''}{' '}
              {h.offPath && (
                <Badge color="orange" size="1">
                  {t('fulfilment.offPath')}
                </Badge>
              )}
            </Text>
          </li>
        ))}
      </ul>
      <Heading as="h3" size="3" mt="4" mb="2">
        {t('fulfilment.notes')}
      </Heading>
      <Text as="p" size="1" color="gray" mb="2">
        {t('fulfilment.notesHint')}
      </Text>
      <ul className="plain-list" style={{ display: 'grid', gap: 8 }}>
        {(order.internalNotes ?? []).map((n, i) => (
          <li key={i}>
            <Text as="p" size="2" style={{ whiteSpace: 'pre-line' }}>
              {n.text}
            </Text>
            <Text as="p" size="1" color="gray">
              {n.by} · {formatDate(n.at, i18n.language, true)}
            </Text>
          </li>
        ))}
      </ul>
      <Flex asChild direction="column" gap="2" mt="2">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(text.trim(), { onSuccess: () => setText('') });
          }}
        >
          <TextArea aria-label={t('fulfilment.newNote')} placeholder={t('fulfilment.newNote')} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" variant="soft" size="1" disabled={!text.trim()} loading={add.isPending} style={{ alignSelf: 'start' }}>
            {t('fulfilment.addNote')}
          </Button>
        </form>
      </Flex>
    </Box>
  );
}
