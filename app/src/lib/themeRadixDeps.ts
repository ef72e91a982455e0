// What Radix Themes' `Theme` imports from radix-ui, for the build (scripts/theme-without-tooltip.ts):
// the real Direction and Slot, and a tooltip provider that only renders its children.
import type { ReactNode } from 'react';

export { Direction, Slot } from 'radix-ui';

function Provider({ children }: { children?: ReactNode }) {
  return children;
}

export const Tooltip = { Provider };
