import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Cart, Product, ProductList } from '../../api/types';
import { applyProductEvent } from './products';
import { cartKeys, catalogKeys } from '../../api/queryKeys';
import { plainLine, singleVariant } from '../../test/products';

const product = (id: string, stockQuantity: number): Product => ({
  id, name: id, description: '', category: 'Sound', price: 10, stockQuantity, isActive: true,
  imageFileName: '', imageFileNames: [], attributes: [], nameLocalized: null, descriptionLocalized: null, taxClass: 'standard', createdAt: '', updatedAt: '',
  ...singleVariant(10, stockQuantity, id),
});
const filters = { category: '', sort: 'newest' as const, search: '', page: 1, minPrice: '', maxPrice: '', inStock: false };

function cache() {
  const qc = new QueryClient();
  qc.setQueryData(catalogKeys.detail('p1'), product('p1', 5));
  qc.setQueryData<ProductList>(catalogKeys.list(filters), {
    products: [product('p1', 5), product('p2', 7)],
    pagination: { page: 1, pageSize: 20, totalCount: 2, totalPages: 1 },
  });
  qc.setQueryData<Cart>(cartKeys.current('guest'), {
    id: 'c1', totalItems: 2, totalPrice: 20, discounts: [], discountAmount: 0, discountedPrice: 20, promoCode: '',
    items: [{ id: 'i1', productId: 'p1', productName: { en: 'p1' }, imageFileName: '', unitPrice: 10, quantity: 2, totalPrice: 20, availableStock: 5, ...plainLine }],
  });
  return qc;
}

describe('applyProductEvent', () => {
  it('puts the new stock into the product page, the lists and the cart', () => {
    const qc = cache();
    applyProductEvent(qc, { action: 'update', record: { id: 'p1', stockQuantity: 0, priceCents: 1000, isActive: true } });
    expect(qc.getQueryData<Product>(catalogKeys.detail('p1'))?.stockQuantity).toBe(0);
    const list = qc.getQueryData<ProductList>(catalogKeys.list(filters))!;
    expect(list.products.map((p) => p.stockQuantity)).toEqual([0, 7]);
    expect(qc.getQueryData<Cart>(cartKeys.current('guest'))?.items[0].availableStock).toBe(0);
  });

  it('marks a deactivated or deleted product unavailable', () => {
    for (const e of [
      { action: 'delete', record: { id: 'p1' } },
      { action: 'update', record: { id: 'p1', isActive: false, stockQuantity: 5 } },
    ]) {
      const qc = cache();
      applyProductEvent(qc, e);
      expect(qc.getQueryData<Product>(catalogKeys.detail('p1'))?.isActive).toBe(false);
      expect(qc.getQueryData<Cart>(cartKeys.current('guest'))?.items[0].availableStock).toBe(0);
    }
  });

  it('takes a new price from priceCents and leaves other products alone', () => {
    const qc = cache();
    applyProductEvent(qc, { action: 'update', record: { id: 'p2', stockQuantity: 3, priceCents: 1999, isActive: true } });
    const list = qc.getQueryData<ProductList>(catalogKeys.list(filters))!;
    expect(list.products[1]).toMatchObject({ price: 19.99, stockQuantity: 3 });
    expect(qc.getQueryData<Product>(catalogKeys.detail('p1'))?.stockQuantity).toBe(5);
  });
});
