import { useState } from 'react';
import { AlertDialog, Badge, Box, Button, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { PlusIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SavedAddress } from '../../api/types';
import { ErrorCallout } from '../../components/ErrorCallout';
import { errorText } from '../../i18n/errors';
import { AddressDialog } from './AddressDialog';
import { AddressLines } from './AddressLines';
import { addressesQuery, useDeleteAddress, useSaveAddress } from '../../api/addresses';

const MAX_ADDRESSES = 20;

/** The account's address book: the saved addresses, the default first; add, edit, delete, make default. */
export function AddressBook({ homeCountry }: { homeCountry: string }) {
  const { t } = useTranslation('account');
  const { data: list = [], isPending } = useQuery(addressesQuery());
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const failure = save.isError ? save.error : remove.isError ? remove.error : null;
  return (
    <Card size="3" id="addresses">
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4">
          {t('addresses.title')}
        </Heading>
        <Button variant="soft" onClick={() => setEditing('new')} disabled={list.length >= MAX_ADDRESSES}>
          <PlusIcon /> {t('addresses.add')}
        </Button>
      </Flex>
      <ErrorCallout message={failure ? errorText(t, failure, 'account:addresses.saveFailed') : null} />
      {!isPending && list.length === 0 && (
        <Text as="p" size="2" color="gray">
          {t('addresses.empty')}
        </Text>
      )}
      <Grid columns={{ initial: '1', sm: '2' }} gap="3" mt="2" asChild>
        <ul className="plain-list" aria-label={t('addresses.title')}>
          {list.map((a) => (
            <li key={a.id}>
              <Card variant="surface" className="address-card">
                <Flex justify="between" align="start" gap="2" mb="1">
                  <Text weight="bold">{a.label || t('addresses.unnamed')}</Text>
                  {a.isDefault && <Badge color="green">{t('addresses.default')}</Badge>}
                </Flex>
                <AddressLines value={a} />
                <Flex gap="2" mt="3" wrap="wrap">
                  <Button size="1" variant="soft" onClick={() => setEditing(a)} aria-label={t('addresses.editNamed', { name: a.label || a.address })}>
                    {t('addresses.editShort')}
                  </Button>
                  {!a.isDefault && (
                    <Button size="1" variant="soft" loading={save.isPending && save.variables?.id === a.id} onClick={() => save.mutate({ ...a, isDefault: true })}>
                      {t('addresses.makeDefaultShort')}
                    </Button>
                  )}
                  <Button size="1" variant="soft" color="red" onClick={() => setDeleting(a)} aria-label={t('addresses.deleteNamed', { name: a.label || a.address })}>
                    {t('addresses.delete')}
                  </Button>
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      </Grid>
      {editing && <AddressDialog address={editing === 'new' ? null : editing} homeCountry={homeCountry} onClose={() => setEditing(null)} />}
      <AlertDialog.Root open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>{t('addresses.deleteTitle')}</AlertDialog.Title>
          <AlertDialog.Description size="2">{t('addresses.deleteText', { name: deleting?.label || deleting?.address })}</AlertDialog.Description>
          <Box mt="4">
            <Flex justify="end" gap="3">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray">
                  {t('addresses.cancel')}
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action>
                <Button color="red" onClick={() => deleting && remove.mutate(deleting.id)}>
                  {t('addresses.delete')}
                </Button>
              </AlertDialog.Action>
            </Flex>
          </Box>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Card>
  );
}
