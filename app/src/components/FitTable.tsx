import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { TableRoot } from './TableRoot';

interface FitTableProps {
  children: ReactNode;
  /** Below this width (px) of the table's container, rows are cards. */
  cardsBelow?: number;
  size?: '1' | '2' | '3';
  variant?: 'surface' | 'ghost';
  /** Whether the last column holds the row's actions (kept on one line, a card's bottom row). */
  actions?: boolean;
  'aria-busy'?: boolean;
}

/**
 * A Radix table that fits the width it is given, never scrolling sideways. Where there is room
 * the columns share the width and text wraps (cells marked .fit-break, such as e-mail
 * addresses, anywhere); the last column (the actions) never wraps. In a narrower container each
 * row is a card: the first cell its title, the others labelled blocks, the actions along the
 * bottom (a table without actions labels its last cell like the others) (styles: .fit-table in app.css). The labels are the header cells' texts, copied onto
 * the body cells after each render, so a view names its columns once.
 */
export function FitTable({ children, cardsBelow = 680, size, variant = 'surface', actions = true, 'aria-busy': busy }: FitTableProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [cards, setCards] = useState(false);

  // Measured before paint, so a phone never shows the table first.
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => setCards(box.clientWidth > 0 && box.clientWidth < cardsBelow);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    return () => observer.disconnect();
  }, [cardsBelow]);

  useLayoutEffect(() => {
    const table = ref.current?.querySelector('table');
    if (!table) return;
    const labels = [...table.querySelectorAll('thead tr:first-child > th')].map((th) => th.textContent?.trim() ?? '');
    for (const row of table.querySelectorAll('tbody > tr')) {
      [...row.children].forEach((cell, i) => {
        const label = labels[i] ?? '';
        if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
      });
    }
  });

  return (
    <div ref={ref} className="fit-table" data-cards={cards || undefined} data-no-actions={actions ? undefined : ''} aria-busy={busy}>
      <TableRoot variant={variant} size={size}>
        {children}
      </TableRoot>
    </div>
  );
}
