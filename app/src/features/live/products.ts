import type { QueryClient } from '@tanstack/react-query';
import { cartKeys, catalogKeys } from '../../api/queryKeys';
import type { Cart, Product, ProductList } from '../../api/types';
import type { LiveEvent } from '../../api/live';

/** What a product event tells the shop's pages: its id, stock, price and whether it can be bought. */
export interface ProductChange {
  id: string;
  /** false: deactivated or deleted (the shopper may no longer see it). */
  available: boolean;
  stockQuantity?: number;
  price?: number;
  /** The product has several variants: its stock and price are its default variant's, not a cart line's. */
  several?: boolean;
}

/** Reads a realtime record of `products` (stored fields: priceCents, stockQuantity, isActive). */
function productChange(e: LiveEvent): ProductChange | null {
  const r = e.record;
  if (typeof r?.id !== 'string') return null;
  if (e.action === 'delete' || r.isActive === false) return { id: r.id, available: false };
  const stock = typeof r.stockQuantity === 'number' ? r.stockQuantity : undefined;
  const price = typeof r.priceCents === 'number' ? Math.round(r.priceCents) / 100 : undefined;
  return { id: r.id, available: true, stockQuantity: stock, price, several: typeof r.variantCount === 'number' && r.variantCount > 1 };
}

function patch(p: Product, c: ProductChange): Product {
  if (!c.available) return { ...p, isActive: false };
  return { ...p, isActive: true, stockQuantity: c.stockQuantity ?? p.stockQuantity, price: c.price ?? p.price };
}

/**
 * Puts a product change into every cached page at once: the product page, the lists (cards,
 * stock chips, steppers) and the cart's availableStock. A new, removed or re-priced product
 * also refetches what depends on it (list pages, cart totals).
 */
export function applyProductEvent(qc: QueryClient, e: LiveEvent) {
  const c = productChange(e);
  if (!c) return;
  qc.setQueryData<Product>(catalogKeys.detail(c.id), (p) => (p ? patch(p, c) : p));
  qc.setQueriesData<ProductList>({ queryKey: catalogKeys.lists }, (list) =>
    list?.products.some((p) => p.id === c.id)
      ? { ...list, products: list.products.map((p) => (p.id === c.id ? patch(p, c) : p)) }
      : list,
  );
  let repriced = false;
  // The lines of a product with several variants follow their variants' events (applyVariantEvent).
  qc.setQueriesData<Cart>({ queryKey: cartKeys.all }, (cart) => {
    if (!cart?.items.some((i) => i.productId === c.id) || (c.available && c.several)) return cart;
    repriced ||= !c.available || cart.items.some((i) => i.productId === c.id && c.price !== undefined && i.unitPrice !== c.price);
    const items = cart.items.map((i) => (i.productId === c.id ? { ...i, availableStock: c.available ? (c.stockQuantity ?? i.availableStock) : 0 } : i));
    return { ...cart, items };
  });
  if (repriced) void qc.invalidateQueries({ queryKey: cartKeys.all });
  if (e.action !== 'update' || !c.available) void qc.invalidateQueries({ queryKey: catalogKeys.lists });
}

/** A realtime record of `product_variants` (stored fields: product, priceCents, stockQuantity, isActive). */
interface VariantChange {
  id: string;
  product: string;
  available: boolean;
  stockQuantity?: number;
  price?: number;
}

function variantChange(e: LiveEvent): VariantChange | null {
  const r = e.record;
  if (typeof r?.id !== 'string' || typeof r.product !== 'string') return null;
  const available = e.action !== 'delete' && r.isActive !== false;
  const stock = typeof r.stockQuantity === 'number' ? r.stockQuantity : undefined;
  const price = typeof r.priceCents === 'number' ? Math.round(r.priceCents) / 100 : undefined;
  return { id: r.id, product: r.product, available, stockQuantity: stock, price };
}

/**
 * Puts a variant's change (its stock after an order, a new price) into the product page that
 * shows it and into the cart lines of that variant; a variant added or removed refetches the page.
 */
export function applyVariantEvent(qc: QueryClient, e: LiveEvent) {
  const c = variantChange(e);
  if (!c) return;
  if (e.action !== 'update' || !c.available) void qc.invalidateQueries({ queryKey: catalogKeys.detail(c.product) });
  else
    qc.setQueryData<Product>(catalogKeys.detail(c.product), (p) =>
      p?.variants
        ? {
            ...p,
            variants: p.variants.map((v) =>
              v.id === c.id ? { ...v, stockQuantity: c.stockQuantity ?? v.stockQuantity, price: c.price ?? v.price } : v,
            ),
          }
        : p,
    );
  let repriced = false;
  qc.setQueriesData<Cart>({ queryKey: cartKeys.all }, (cart) => {
    if (!cart?.items.some((i) => i.variantId === c.id)) return cart;
    repriced ||= !c.available || cart.items.some((i) => i.variantId === c.id && c.price !== undefined && i.unitPrice !== c.price);
    const items = cart.items.map((i) => (i.variantId === c.id ? { ...i, availableStock: c.available ? (c.stockQuantity ?? i.availableStock) : 0 } : i));
    return { ...cart, items };
  });
  if (repriced) void qc.invalidateQueries({ queryKey: cartKeys.all });
}
