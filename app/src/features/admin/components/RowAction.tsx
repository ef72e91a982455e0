import type { ReactNode } from 'react';
import { IconButton, Tooltip } from '@radix-ui/themes';

interface Props {
  /** The tooltip: the action's short name. */
  tip: string;
  /** The button's accessible name, with the row's name in it. */
  label: string;
  color?: 'red';
  onClick: () => void;
  children: ReactNode;
}

/** One icon button of an admin table row (view, edit, delete) with its tooltip. */
export function RowAction({ tip, label, color, onClick, children }: Props) {
  return (
    <Tooltip content={tip}>
      <IconButton variant="soft" color={color} aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}
