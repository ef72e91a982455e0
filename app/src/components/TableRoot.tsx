import type { ReactNode } from 'react';

interface Props {
  children: ReactNode;
  size?: '1' | '2' | '3';
  variant?: 'surface' | 'ghost';
}

/**
 * Radix Themes' Table.Root with a plain scrolling box instead of its ScrollArea: the ScrollArea
 * puts a `<style>` for every table into the body, and a page with two tables is then invalid
 * HTML (a body style must not match elements before it, the Nu checker's error). The table's
 * parts (Table.Header, Table.Row, Table.Cell) and look are Radix's own.
 */
export function TableRoot({ children, size = '2', variant = 'ghost' }: Props) {
  return (
    <div className={`rt-TableRoot rt-r-size-${size} rt-variant-${variant}`}>
      <div className="table-scroll">
        <table className="rt-TableRootTable">{children}</table>
      </div>
    </div>
  );
}
