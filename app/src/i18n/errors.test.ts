import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import ruCommon from '../../public/locales/ru/common.json';
import zhCommon from '../../public/locales/zh/common.json';
import { ApiError } from '../api/client';
import { setupTestI18n } from '../test/i18n';
import { errorText } from './errors';

describe('errorText', () => {
  beforeAll(async () => {
    await setupTestI18n();
    i18n.addResourceBundle('ru', 'common', ruCommon);
    i18n.addResourceBundle('zh', 'common', zhCommon);
  });

  const t = (lng: string) => i18n.getFixedT(lng);
  // The message says a different number: the text must come from the data, not from parsing it.
  const short = new ApiError(409, 'insufficient_stock', 'Only 9 left in stock', undefined, { available: { p1: 3 } });

  it('translates a stock conflict from its code and the `available` it carries', () => {
    expect(errorText(t('en'), short, 'cart.errors.add')).toBe('Only 3 left in stock');
    expect(errorText(t('ru'), short, 'cart.errors.add')).toBe('Осталось на складе: 3');
  });

  it('keeps the server message when the number is missing, and the fallback for other failures', () => {
    const bare = new ApiError(409, 'insufficient_stock', 'Only 2 left in stock');
    expect(errorText(t('en'), bare, 'cart.errors.add')).toBe('Only 2 left in stock');
    expect(errorText(t('en'), new Error('network'), 'cart.errors.add')).toBe(i18n.getFixedT('en')('cart.errors.add'));
  });

  it('says in the shopper\'s language why an order was refused for unpaid orders (issue 27)', () => {
    const refused = new ApiError(409, 'too_many_unpaid_orders', 'You already have 3 unpaid orders');
    expect(errorText(t('en'), refused, 'checkout:errors.placeFailed')).toMatch(/most unpaid orders allowed/);
    expect(errorText(t('ru'), refused, 'checkout:errors.placeFailed')).toMatch(/неоплаченных заказов/);
    expect(errorText(t('zh'), refused, 'checkout:errors.placeFailed')).toMatch(/未付款订单/);
  });

  it('says the most units one customer may put on a line, from the `limit` it carries (issue 43)', () => {
    const limited = new ApiError(409, 'line_limit', 'At most 20 units', undefined, { limit: 20 });
    expect(errorText(t('en'), limited, 'cart.errors.add')).toBe('At most 20 of one item per order: for more, please contact the shop');
    expect(errorText(t('ru'), limited, 'cart.errors.add')).toMatch(/Не более 20 шт/);
    expect(errorText(t('zh'), limited, 'cart.errors.add')).toMatch(/最多 20 件/);
  });
});
