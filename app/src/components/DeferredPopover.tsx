import { cloneElement, Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { lazyWithPreload } from '../lib/lazyWithPreload';
import type { PopoverContentProps } from './PopoverPanel';

// Radix's popover (floating-ui, focus trap, dismissable layer) is not part of the home's
// start-up code: it loads when a visitor first points at, focuses or presses a trigger.
const PopoverPanel = lazyWithPreload(() => import('./PopoverPanel'));

interface Props {
  /** The button that opens the popover (a Radix Themes Button or IconButton). */
  trigger: ReactElement<Record<string, unknown>>;
  /** Controlled open state; the popover keeps its own when omitted. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Starts loading what the content needs (for example its own lazy chunk). */
  onPreload?: () => void;
  content: PopoverContentProps;
  children: ReactNode;
  /** Another panel with PopoverPanel's props (a dropdown menu: then the trigger says so). */
  panel?: typeof PopoverPanel;
  menu?: boolean;
}

/**
 * A Radix Themes popover whose code loads on first use. Until then the trigger is rendered with
 * the attributes Radix gives a closed trigger, so the header looks and measures the same.
 */
export function DeferredPopover({ trigger, open: controlled, onOpenChange, onPreload, content, children, panel: Panel = PopoverPanel, menu }: Props) {
  const [used, setUsed] = useState(false);
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const setOpen = (next: boolean) => {
    setOwn(next);
    onOpenChange?.(next);
  };
  const preload = () => {
    void Panel.preload();
    onPreload?.();
  };
  const closedTrigger = cloneElement(trigger, {
    type: 'button',
    'aria-haspopup': menu ? 'menu' : 'dialog',
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      preload();
      setUsed(true);
      setOpen(true);
    },
  });
  if (!used) return closedTrigger;
  return (
    <Suspense fallback={closedTrigger}>
      <Panel trigger={trigger} open={open} onOpenChange={setOpen} content={content}>
        {children}
      </Panel>
    </Suspense>
  );
}
