import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { setupTestI18n } from '../test/i18n';
import { formatPrice } from './format';
import { taxRows } from './tax';
import ruCommon from '../../public/locales/ru/common.json';
import zhCommon from '../../public/locales/zh/common.json';

let t: TFunction;
beforeAll(async () => {
  t = (await setupTestI18n()).getFixedT('en');
});
const price = (v: number) => formatPrice(v, 'en');
const texas = { name: 'Texas sales tax', rate: 6.25, base: 30, amount: 1.88 };

describe('taxRows', () => {
  it('lists each rate before the total with prices before tax', () => {
    const rows = taxRows({ taxAmount: 2.58, taxLines: [texas, { name: 'City', rate: 2, base: 35, amount: 0.7 }] }, t, price);
    expect(rows.before.map((r) => [r.label, r.value])).toEqual([
      ['Texas sales tax (6.25%)', '$1.88'],
      ['City (2%)', '$0.70'],
    ]);
    expect(rows.after).toEqual([]);
  });

  it('writes the rate with the reader\'s decimal mark, as the prices beside it', async () => {
    const i18n = await setupTestI18n();
    i18n.addResourceBundle('ru', 'common', ruCommon, true, true);
    i18n.addResourceBundle('zh', 'common', zhCommon, true, true);
    const ru = i18n.getFixedT('ru');
    const rows = taxRows({ taxAmount: 1.88, taxLines: [texas] }, ru, (v) => formatPrice(v, 'ru'));
    expect(rows.before[0].label).toBe('Texas sales tax (6,25%)');
    const zh = i18n.getFixedT('zh');
    expect(taxRows({ taxAmount: 1.88, taxLines: [texas] }, zh, price).before[0].label).toBe('Texas sales tax（6.25%）');
  });

  it('says what the total includes with tax-inclusive prices', () => {
    const rows = taxRows({ taxAmount: 1.6, pricesIncludeTax: true, taxLines: [{ name: 'VAT', rate: 19, base: 8.4, amount: 1.6 }] }, t, price);
    expect(rows.before).toEqual([]);
    expect(rows.after.map((r) => r.label)).toEqual(['incl. $1.60 VAT (19%)']);
  });

  it('shows a zero tax when no rate applied, and Exempt for an exempt customer', () => {
    expect(taxRows({ taxAmount: 0, taxLines: [] }, t, price).before.map((r) => [r.label, r.value])).toEqual([['Tax', '$0.00']]);
    expect(taxRows({ taxAmount: 0, taxLines: [], taxExempt: true }, t, price).before.map((r) => [r.label, r.value])).toEqual([['Tax', 'Exempt']]);
  });
});
