import { Callout, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { CartItem } from '../../api/types';
import { usePrice } from '../../lib/format';
import { lineName } from '../../lib/variants';

/** What the shopper saw at review, to tell what changed when the server's total differs. */
export interface ReviewSnapshot {
  items: CartItem[];
  shipping: number;
  tax: number;
  total: number;
}

export type PlaceProblem =
  | { kind: 'totalChanged'; before: ReviewSnapshot; newTotal: number }
  | { kind: 'stock'; available: Record<string, number>; names: Record<string, string>; before?: ReviewSnapshot }
  | { kind: 'other'; message: string };

interface Props {
  problem: PlaceProblem;
  items: CartItem[];
  shipping: number;
  tax: number;
}

/** Why Place order did not go through: a changed total (and what changed: prices, shipping, tax), short stock, both (each is said), or another error. */
export function PlaceOrderNotice({ problem, items, shipping, tax }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const price = usePrice();
  const nameOf = (i: CartItem) => lineName(i.productName, i.variantLabelLocalized, i18n.language);
  const priceLines = (before: ReviewSnapshot) =>
    items.flatMap((now) => {
      const was = before.items.find((i) => i.variantId === now.variantId);
      return was && was.unitPrice !== now.unitPrice ? [t('changed.price', { name: nameOf(now), before: price(was.unitPrice), after: price(now.unitPrice) })] : [];
    });
  const stockLine = (name: string, n: number) => (n > 0 ? t('stock.only', { name, count: n }) : t('stock.none', { name }));
  let lines: string[] = [];
  let title: string;
  if (problem.kind === 'totalChanged') {
    title = t('changed.title', { before: price(problem.before.total), after: price(problem.newTotal) });
    lines = priceLines(problem.before);
    if (problem.before.shipping !== shipping) {
      lines.push(t('changed.shipping', { before: price(problem.before.shipping), after: price(shipping) }));
    }
    if (problem.before.tax !== tax) {
      lines.push(t('changed.tax', { before: price(problem.before.tax), after: price(tax) }));
    }
    // Stock that fell below the cart's quantity in the same change is said too.
    for (const i of items) if (i.availableStock < i.quantity) lines.push(stockLine(nameOf(i), i.availableStock));
    lines.push(t('changed.confirm'));
  } else if (problem.kind === 'stock') {
    title = t('stock.title');
    lines = Object.entries(problem.available).map(([id, n]) => stockLine(problem.names[id] ?? id, n));
    if (problem.before) lines.push(...priceLines(problem.before));
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
