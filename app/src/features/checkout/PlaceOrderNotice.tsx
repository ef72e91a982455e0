import { Callout, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '../../api/types';
import { formatPrice } from '../../lib/format';
import { resolveLocalized } from '../../lib/localized';

/** What the shopper saw at review, to tell what changed when the server's total differs. */
export interface ReviewSnapshot {
  items: CartItem[];
  shipping: number;
  tax: number;
  total: number;
}

export type PlaceProblem =
  | { kind: 'totalChanged'; before: ReviewSnapshot; newTotal: number }
  | { kind: 'stock'; available: Record<string, number>; names: Record<string, string> }
  | { kind: 'other'; message: string };

interface Props {
  problem: PlaceProblem;
  items: CartItem[];
  shipping: number;
  tax: number;
}

/** Why Place order did not go through: a changed total (and what changed), short stock, or another error. */
export function PlaceOrderNotice({ problem, items, shipping, tax }: Props) {
  const { t, i18n } = useTranslation('checkout');
  let lines: string[] = [];
  let title: string;
  if (problem.kind === 'totalChanged') {
    title = t('changed.title', { before: formatPrice(problem.before.total), after: formatPrice(problem.newTotal) });
    for (const now of items) {
      const was = problem.before.items.find((i) => i.productId === now.productId);
      if (was && was.unitPrice !== now.unitPrice) {
        const name = resolveLocalized(now.productName, i18n.language);
        lines.push(t('changed.price', { name, before: formatPrice(was.unitPrice), after: formatPrice(now.unitPrice) }));
      }
    }
    if (problem.before.shipping !== shipping) {
      lines.push(t('changed.shipping', { before: formatPrice(problem.before.shipping), after: formatPrice(shipping) }));
    }
    if (problem.before.tax !== tax) {
      lines.push(t('changed.tax', { before: formatPrice(problem.before.tax), after: formatPrice(tax) }));
    }
    lines.push(t('changed.confirm'));
  } else if (problem.kind === 'stock') {
    title = t('stock.title');
    lines = Object.entries(problem.available).map(([id, n]) =>
      n > 0 ? t('stock.only', { name: problem.names[id] ?? id, count: n }) : t('stock.none', { name: problem.names[id] ?? id }),
    );
  } else {
    title = problem.message;
  }
  return (
    <Callout.Root color={problem.kind === 'totalChanged' ? 'amber' : 'red'} role="alert" mb="4" data-testid="place-problem">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        <Text weight="bold">{title}</Text>
        {lines.map((l) => (
          <span key={l} style={{ display: 'block' }}>
            {l}
          </span>
        ))}
      </Callout.Text>
    </Callout.Root>
  );
}
