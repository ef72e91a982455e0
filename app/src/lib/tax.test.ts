import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { TaxRow } from '../api/types';
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
const row = (kind: TaxRow['kind'], name = '', rate = 0, amount = 0): TaxRow => ({ kind, name, rate, base: 30, amount });
const texas = row('line', 'Texas sales tax', 6.25, 1.88);

describe('taxRows', () => {
  it("shows the server's rows: each rate before the total with prices before tax", () => {
    const rows = taxRows({ taxRows: [texas, row('line', 'City', 2, 0.7)] }, t, price);
    expect(rows.before.map((r) => [r.label, r.value])).toEqual([
      ['Texas sales tax (6.25%)', '$1.88'],
      ['City (2%)', '$0.70'],
    ]);
    expect(rows.after).toEqual([]);
  });

  it("writes the rate with the reader's decimal mark, as the prices beside it", async () => {
    const i18n = await setupTestI18n();
    i18n.addResourceBundle('ru', 'common', ruCommon, true, true);
    i18n.addResourceBundle('zh', 'common', zhCommon, true, true);
    const ru = i18n.getFixedT('ru');
    expect(taxRows({ taxRows: [texas] }, ru, (v) => formatPrice(v, 'ru')).before[0].label).toBe('Texas sales tax (6,25%)');
    const zh = i18n.getFixedT('zh');
    expect(taxRows({ taxRows: [texas] }, zh, price).before[0].label).toBe('Texas sales tax（6.25%）');
  });

  it('says what the total includes with tax-inclusive prices', () => {
    const rows = taxRows({ taxRows: [row('included', 'VAT', 19, 1.6)] }, t, price);
    expect(rows.before).toEqual([]);
    expect(rows.after.map((r) => r.label)).toEqual(['incl. $1.60 VAT (19%)']);
  });

  it('shows a zero tax when no rate applied, and Exempt for an exempt customer', () => {
    expect(taxRows({ taxRows: [row('none')] }, t, price).before.map((r) => [r.label, r.value])).toEqual([['Tax', '$0.00']]);
    expect(taxRows({ taxRows: [row('exempt')] }, t, price).before.map((r) => [r.label, r.value])).toEqual([['Tax', 'Exempt']]);
  });
});
