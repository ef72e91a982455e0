import type { ReactNode } from 'react';
import { Button, Dialog, Flex } from '@radix-ui/themes';

interface Props {
  /** The Close button's text (translated by the dialog's namespace). */
  closeLabel: string;
  /** The dialog's own actions, after Close. */
  children?: ReactNode;
}

/** The footer every view dialog shares: Close, then the dialog's own actions, at the right. */
export function DialogFooter({ closeLabel, children }: Props) {
  return (
    <Flex justify="end" gap="3" mt="4">
      <Dialog.Close>
        <Button variant="soft" color="gray">
          {closeLabel}
        </Button>
      </Dialog.Close>
      {children}
    </Flex>
  );
}
