import { Suspense } from 'react';
import { Popover } from '@radix-ui/themes';
import type { PopoverPanelProps } from './DeferredPopover';

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
