import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  hint: string;
  maxWidth: string;
  /** Saving: the dialog stays open and Cancel is off until the answer. */
  busy: boolean;
  /** Save is off (an upload in progress). */
  saveDisabled?: boolean;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  /** The fields, in one column. */
  children: ReactNode;
}

/** An admin add-or-edit dialog: title, hint, the fields, then Cancel and Save. */
export function FormDialog({ title, hint, maxWidth, busy, saveDisabled, onClose, onSubmit, children }: Props) {
  const { t } = useTranslation('admin');
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Content maxWidth={maxWidth}>
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {hint}
        </Dialog.Description>
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="3">
            {children}
          </Flex>
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray" disabled={busy}>
                {t('actions.cancel')}
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={busy} disabled={saveDisabled}>
              {t('actions.save')}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
