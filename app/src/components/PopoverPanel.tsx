import { Suspense, type ReactElement, type ReactNode } from 'react';
import { Popover } from '@radix-ui/themes';

export type PopoverContentProps = Popover.ContentProps;

export interface PopoverPanelProps {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  content: PopoverContentProps;
  children: ReactNode;
}

/** The Radix popover behind DeferredPopover, loaded on first use. */
export default function PopoverPanel({ trigger, open, onOpenChange, content, children }: PopoverPanelProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger>{trigger}</Popover.Trigger>
      <Popover.Content {...content}>
        <Suspense fallback={null}>{children}</Suspense>
      </Popover.Content>
    </Popover.Root>
  );
}
