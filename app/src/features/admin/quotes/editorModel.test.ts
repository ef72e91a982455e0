import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../api/types';
import { canQuote, changeText, draftLineTotal, draftOf, draftProblems, isDirty, presetService, updateBody } from './editorModel';

const quote = (q: Partial<Quote> = {}): Quote => ({
  id: 'q1', number: 'Q-2026-000001', status: 'requested', revision: 1,
  lines: [
    { productId: 'p1', variantId: 'v1', sku: 'MH', productName: { en: 'Moving head' }, variantLabel: {}, quantity: 2, listPrice: 199, unitPrice: 199, lineTotal: 398, taxClass: 'standard' },
    { productId: 'pa', variantId: 'va', sku: 'PA', productName: { en: 'PA system' }, variantLabel: {}, quantity: 1, hire: { start: '2026-12-12', end: '2026-12-13', days: 2 }, listPrice: 300, unitPrice: 300, lineTotal: 300, deposit: 500, taxClass: 'standard' },
  ],
  serviceLines: [], eventName: 'Gala', eventDate: '2026-12-12', venue: 'Town hall', message: '',
  shippingInfo: { firstName: 'T', lastName: 'R', address: '1 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US', phone: '+1 512 555 0100', email: 't@example.com' },
  validUntil: '', poNumber: '', declineReason: '', subtotal: 698, discountAmount: 0, shippingAmount: 0, taxAmount: 57.59, depositAmount: 500, total: 1255.59,
  orderId: '', orderNumber: '', customerName: 'Tex Ritter', customerEmail: 't@example.com', createdAt: '2026-12-02T10:00:00Z', history: [], ...q,
});

describe('the quote editor', () => {
  it('starts from the latest revision and sends back nothing changed until the admin changes something', () => {
    const q = quote();
    const d = draftOf(q);
    expect(d.lines.map((l) => [l.quantity, l.unitPrice])).toEqual([['2', '199.00'], ['1', '300.00']]);
    expect(isDirty(d, q)).toBe(false);
    expect(isDirty({ ...d, lines: [{ ...d.lines[0], unitPrice: '179' }, d.lines[1]] }, q)).toBe(true);
  });

  it('sends the quoted prices, the hire dates, crew with every language, shipping and the end of the validity day', () => {
    const d = draftOf(quote());
    d.lines[0] = { ...d.lines[0], quantity: ' 3 ', unitPrice: '179' };
    d.serviceLines = [{ ...presetService('crew'), amount: '300', taxClass: 'standard' }, { ...presetService('delivery'), name: 'Truck', amount: '80.5', taxClass: 'zero' }];
    d.shippingAmount = '';
    d.validUntil = '2026-12-09';
    expect(updateBody(d)).toEqual({
      lines: [
        { productId: 'p1', variantId: 'v1', quantity: 3, unitPrice: '179' },
        { productId: 'pa', variantId: 'va', hire: { start: '2026-12-12', end: '2026-12-13' }, quantity: 1, unitPrice: '300.00' },
      ],
      serviceLines: [
        { name: { en: 'Crew', ru: 'Бригада', zh: '工作人员' }, amount: '300', taxClass: 'standard' },
        { name: { en: 'Truck' }, amount: '80.5', taxClass: 'zero' },
      ],
      shippingAmount: '0',
      validUntil: '2026-12-09T23:59:59Z',
    });
    expect(draftLineTotal(d.lines[0])).toBe(537);
  });

  it('names each bad field by the path the server uses', () => {
    const d = draftOf(quote());
    d.lines[0].quantity = '0';
    d.lines[1].unitPrice = '12.345';
    d.serviceLines = [{ ...presetService('installation'), name: ' ', amount: '-5' }];
    d.shippingAmount = 'ten';
    expect(draftProblems(d)).toEqual({
      'lines.0.quantity': 'quantity',
      'lines.1.unitPrice': 'amount',
      'serviceLines.0.name': 'name',
      'serviceLines.0.amount': 'amount',
      shippingAmount: 'amount',
    });
    expect(draftProblems({ ...d, lines: [], serviceLines: [], shippingAmount: '' })).toEqual({ lines: 'noLines' });
    expect(draftLineTotal(d.lines[0])).toBe(0);
    expect(draftLineTotal(d.lines[1])).toBeNull();
  });

  it('says what each revision changed', () => {
    const price = (n: number) => `$${n.toFixed(2)}`;
    const date = (iso: string) => iso.slice(0, 10);
    expect(changeText({ field: 'unitPrice', name: { en: 'Moving head' }, from: '199.00', to: '179.00' }, 'en', price, date)).toEqual({ key: 'unitPrice', values: { name: 'Moving head', from: '$199.00', to: '$179.00' } });
    expect(changeText({ field: 'serviceLine', name: { en: 'Crew', ru: 'Бригада' }, from: '', to: '300.00' }, 'ru', price, date)).toEqual({ key: 'serviceAdded', values: { name: 'Бригада', to: '$300.00' } });
    expect(changeText({ field: 'line', name: { en: 'PA' }, from: '1', to: '' }, 'en', price, date).key).toBe('lineRemoved');
    expect(changeText({ field: 'validUntil', from: '', to: '2026-12-09T23:59:59Z' }, 'en', price, date)).toEqual({ key: 'validUntil', values: { from: '—', to: '2026-12-09' } });
  });

  it('shows the quotes to the roles with the returns-and-quotes permission', () => {
    expect(canQuote({ roles: ['Admin'], isAdmin: true })).toBe(true);
    expect(canQuote({ roles: ['Customer', 'Manager'], isAdmin: false })).toBe(true);
    expect(canQuote({ roles: ['Fulfilment', 'Catalog'], isAdmin: false })).toBe(false);
    expect(canQuote(null)).toBe(false);
  });
});
