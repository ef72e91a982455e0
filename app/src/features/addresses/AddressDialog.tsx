import { Button, Checkbox, Dialog, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { SavedAddress } from '../../api/types';
import { ErrorCallout } from '../../components/ErrorCallout';
import { FormField } from '../../components/FormField';
import { errorText } from '../../i18n/errors';
import { useForm } from '../../lib/form';
import { AddressForm } from './AddressForm';
import { emptyAddress, useSaveAddress, type AddressDraft } from '../../api/addresses';
import { validateAddress } from './rules';

const BOOK_FIELDS: (keyof AddressDraft & string)[] = ['firstName', 'lastName', 'phone', 'address', 'city', 'state', 'zipCode', 'country'];

interface Props {
  /** The address to edit, or null for a new one. */
  address: SavedAddress | null;
  /** A new address's country (the shop's home country). */
  homeCountry: string;
  onClose: () => void;
}

/** Adds or edits a saved address: the checkout's fields, a label, and "default address". */
export function AddressDialog({ address, homeCountry, onClose }: Props) {
  const { t } = useTranslation(['account', 'checkout']);
  const save = useSaveAddress();
  const form = useForm<AddressDraft>({
    initial: address ?? emptyAddress(homeCountry),
    rules: (v) => validateAddress(v, BOOK_FIELDS),
    message: (key) => t(`checkout:validation.${key}`),
  });
  const submit = form.handleSubmit((values) =>
    save.mutate({ ...values, id: address?.id }, { onSuccess: onClose, onError: (err) => form.serverFailed(err) }),
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>{address ? t('addresses.edit') : t('addresses.add')}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t('addresses.dialogHint')}
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="4">
            <ErrorCallout message={save.isError ? errorText(t, save.error, 'account:addresses.saveFailed') : null} />
            <FormField id="book-label" label={t('addresses.label')} hint={t('addresses.labelHint')} {...form.field('label')} />
            <AddressForm prefix="book" form={form} fields={BOOK_FIELDS} />
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={form.values.isDefault || address?.isDefault} disabled={address?.isDefault} onCheckedChange={(c) => form.set('isDefault', c === true)} />
                {t('addresses.makeDefault')}
              </Flex>
            </Text>
            <Flex justify="end" gap="3">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('addresses.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={save.isPending}>
                {t('addresses.save')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
