import { describe, expect, it } from 'vitest';
import type { PaymentMethods } from '../../api/types';
import { acceptMethods, acceptProblems, canRespond, requestBody, shownStatus, singleLineOf } from './quoteModel';
import { singleLinePath } from '../../lib/quotePath';
import { emptyShipping } from '../checkout/validation';

const now = Date.parse('2026-12-02T12:00:00Z');

describe('a quote as the customer sees it', () => {
  it('shows a sent quote past its validity as expired and lets no one answer it', () => {
    const sent = { status: 'sent' as const, validUntil: '2026-12-09T23:59:59Z' };
    expect(shownStatus(sent, now)).toBe('sent');
    expect(canRespond(sent, now)).toBe(true);
    const late = { status: 'sent' as const, validUntil: '2026-12-01T23:59:59Z' };
    expect(shownStatus(late, now)).toBe('expired');
    expect(canRespond(late, now)).toBe(false);
    expect(canRespond({ status: 'requested', validUntil: '' }, now)).toBe(false);
    expect(canRespond({ status: 'accepted', validUntil: '2026-12-09T23:59:59Z' }, now)).toBe(false);
  });

  it('offers the enabled methods, and invoice terms to an approved customer even when the shop does not offer them at checkout', () => {
    const methods: PaymentMethods = { methods: [{ code: 'card', enabled: true }, { code: 'bank_transfer', enabled: true }, { code: 'invoice', enabled: false }], holdMinutes: 60 };
    expect(acceptMethods(methods, { invoiceAllowed: false })).toEqual(['card', 'bank_transfer']);
    expect(acceptMethods(methods, { invoiceAllowed: true })).toEqual(['card', 'bank_transfer', 'invoice']);
    expect(acceptMethods({ ...methods, methods: [{ code: 'invoice', enabled: true }] }, { invoiceAllowed: true })).toEqual(['invoice']);
    expect(acceptMethods(undefined, null)).toEqual([]);
  });

  it('asks for a PO number on invoice terms only', () => {
    expect(acceptProblems('invoice', '  ')).toEqual({ poNumber: 'required' });
    expect(acceptProblems('invoice', 'PO-1')).toEqual({});
    expect(acceptProblems('card', '')).toEqual({});
    expect(acceptProblems('', '')).toEqual({ paymentMethod: 'required' });
  });
});

describe('a quote request', () => {
  it('carries one product from its page through the address, with a sane quantity', () => {
    const path = singleLinePath({ productId: 'p1', variantId: 'v 2', quantity: 3 });
    expect(path).toBe('/quotes/new?product=p1&variant=v+2&quantity=3');
    expect(singleLineOf(new URLSearchParams(path.split('?')[1]))).toEqual({ productId: 'p1', variantId: 'v 2', quantity: 3 });
    expect(singleLineOf(new URLSearchParams('product=p1&quantity=-4'))).toEqual({ productId: 'p1', quantity: 1 });
    expect(singleLineOf(new URLSearchParams('product=p1&quantity=abc'))).toEqual({ productId: 'p1', quantity: 1 });
    expect(singleLineOf(new URLSearchParams(''))).toBeNull();
    // A hire from the product page's calendar: its dates travel, a date not YYYY-MM-DD is left to pick.
    const hire = singleLinePath({ productId: 'p1', quantity: 2, hire: { start: '2031-05-15', end: '2031-05-16' } });
    expect(hire).toBe('/quotes/new?product=p1&quantity=2&hire=1&start=2031-05-15&end=2031-05-16');
    expect(singleLineOf(new URLSearchParams(hire.split('?')[1]))).toEqual({ productId: 'p1', quantity: 2, hire: { start: '2031-05-15', end: '2031-05-16' } });
    expect(singleLineOf(new URLSearchParams('product=p1&hire=1&start=tomorrow'))).toEqual({ productId: 'p1', quantity: 1, hire: { start: '', end: '' } });
  });

  it('sends the cart or the one line, with the event trimmed', () => {
    const event = { eventName: ' Spring gala ', eventDate: '2026-12-20', venue: 'Town hall ', message: ' Load-in 9am ' };
    const shipping = emptyShipping();
    expect(requestBody(event, shipping, null)).toEqual({ fromCart: true, eventName: 'Spring gala', eventDate: '2026-12-20', venue: 'Town hall', message: 'Load-in 9am', shippingInfo: shipping });
    const one = requestBody(event, shipping, { productId: 'p1', quantity: 2 });
    expect(one).toMatchObject({ lines: [{ productId: 'p1', quantity: 2 }], eventName: 'Spring gala' });
    expect('fromCart' in one).toBe(false);
  });
});
