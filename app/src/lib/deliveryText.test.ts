import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import ruCommon from '../../public/locales/ru/common.json';
import zhCommon from '../../public/locales/zh/common.json';
import { setupTestI18n } from '../test/i18n';
import { deliveryText } from './deliveryText';

describe('deliveryText', () => {
  beforeAll(async () => {
    await setupTestI18n();
    i18n.addResourceBundle('ru', 'common', ruCommon);
    i18n.addResourceBundle('zh', 'common', zhCommon);
  });

  it('says each method’s delivery time in each language, in the plural the range’s end needs', () => {
    const [en, ru, zh] = ['en', 'ru', 'zh'].map((l) => i18n.getFixedT(l, 'common'));
    expect(['1', '2-3', '5-7', '10-15'].map((d) => deliveryText(en, d))).toEqual([
      'Next business day',
      '2-3 business days',
      '5-7 business days',
      '10-15 business days',
    ]);
    expect(['1', '2-3', '5-7', '10-15'].map((d) => deliveryText(ru, d))).toEqual([
      'На следующий рабочий день',
      '2-3 рабочих дня',
      '5-7 рабочих дней',
      '10-15 рабочих дней',
    ]);
    expect(deliveryText(zh, '2-3')).toBe('2-3 个工作日');
    // The shipping page writes in its own language, whatever t is fixed to.
    expect(deliveryText(en, '2-3', 'ru')).toBe('2-3 рабочих дня');
  });
});
