import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ApiError } from '../api/client';
import { errorsBelow, serverFieldErrors, useForm, type Problems } from './form';

interface Values {
  email: string;
  name: { en: string; ru: string };
}

const rules = (v: Values): Problems => {
  const p: Problems = {};
  if (!v.email.includes('@')) p.email = 'emailRule';
  if (!v.name.en) p['name.en'] = 'nameRule';
  return p;
};
const message = (key: string) => `text of ${key}`;
const initial = (): Values => ({ email: '', name: { en: '', ru: '' } });

function setup(extra: Partial<Parameters<typeof useForm<Values>>[0]> = {}) {
  return renderHook(() => useForm<Values>({ initial, rules, message, ...extra }));
}

const failed = (errors: Record<string, string>, code = 'validation_failed') => new ApiError(400, code, 'Validation failed', errors);

describe('useForm', () => {
  it('keeps a rule problem hidden until its field is left or the form is submitted', () => {
    const { result } = setup();
    expect(result.current.problems).toEqual({ email: 'emailRule', 'name.en': 'nameRule' });
    expect(result.current.error('email')).toBeUndefined();
    act(() => result.current.touch('email'));
    expect(result.current.error('email')).toBe('text of emailRule');
    expect(result.current.error('name.en')).toBeUndefined();
    act(() => result.current.handleSubmit(() => {})());
    expect(result.current.submitted).toBe(true);
    expect(result.current.error('name.en')).toBe('text of nameRule');
  });

  it('runs onValid only without problems, and gives onInvalid the first problem as text', () => {
    const { result } = setup();
    const seen: string[] = [];
    act(() => result.current.handleSubmit(() => seen.push('valid'), (_, first) => seen.push(first))());
    expect(seen).toEqual(['text of emailRule']);
    act(() => result.current.field('email').onChange('a@b.co'));
    act(() => result.current.set('name', (n) => ({ ...n, en: 'Mic' })));
    expect(result.current.values).toEqual({ email: 'a@b.co', name: { en: 'Mic', ru: '' } });
    act(() => result.current.handleSubmit((v) => seen.push(`valid ${v.email}`))());
    expect(seen).toEqual(['text of emailRule', 'valid a@b.co']);
    expect(result.current.error('email')).toBeUndefined();
  });

  it('shows rule problems only in the summary when not inline, server errors still on fields', () => {
    const { result } = setup({ inline: false });
    act(() => result.current.handleSubmit(() => {})());
    expect(result.current.error('email')).toBeUndefined();
    act(() => {
      result.current.serverFailed(failed({ email: 'Email is taken' }));
    });
    expect(result.current.error('email')).toBe('Email is taken');
  });

  it('puts server errors on their fields, the server one first, until that value changes', () => {
    const { result } = setup();
    act(() => result.current.touch('email'));
    act(() => {
      result.current.serverFailed(failed({ email: 'Server says no', 'name.ru': 'Too long' }));
    });
    expect(result.current.error('email')).toBe('Server says no');
    expect(result.current.field('email').error).toBe('Server says no');
    expect(result.current.error('name.ru')).toBe('Too long');
    act(() => result.current.set('name', { en: 'Mic', ru: 'Микрофон' }));
    // A nested server error goes when its value changes; the other field keeps its own.
    expect(result.current.error('name.ru')).toBeUndefined();
    expect(result.current.error('email')).toBe('Server says no');
    act(() => result.current.field('email').onChange('x'));
    expect(result.current.error('email')).toBe('text of emailRule');
  });

  it('starts with server errors given to it and starts over on reset', () => {
    const { result } = setup({ serverErrors: { email: 'Refused' } });
    expect(result.current.error('email')).toBe('Refused');
    act(() => result.current.handleSubmit(() => {})());
    act(() => result.current.reset({ email: '', name: { en: '', ru: '' } }));
    expect(result.current.submitted).toBe(false);
    expect(result.current.error('email')).toBeUndefined();
    expect(result.current.error('name.en')).toBeUndefined();
  });

  it('works on values the caller keeps', () => {
    let kept: Values = initial();
    const { result, rerender } = renderHook(() => useForm<Values>({ values: kept, onValues: (v) => (kept = v), rules, message }));
    act(() => result.current.field('email').onChange('a@b.co'));
    rerender();
    expect(kept.email).toBe('a@b.co');
    expect(result.current.problems).toEqual({ 'name.en': 'nameRule' });
  });
});

describe('serverFieldErrors', () => {
  it('maps request paths onto the form fields and joins those landing on one field', () => {
    const toPath = (p: string) => (p.startsWith('attributes.') ? `attributes.${['row-a', 'row-c'][Number(p.split('.')[1])]}.value` : p);
    const errors = serverFieldErrors(failed({ price: 'Too high', 'attributes.1.value': 'Too long', 'attributes.1.valueLocalized.ru': 'Bad' }), undefined, toPath);
    expect(errors).toEqual({ price: 'Too high', 'attributes.row-c.value': 'Too long Bad' });
  });

  it('puts the text of a code about one field on that field', () => {
    expect(serverFieldErrors(failed({}, 'email_taken'), 'An account with this email already exists.')).toEqual({
      email: 'An account with this email already exists.',
    });
  });

  it('gives nothing for an error that is not from the API', () => {
    expect(serverFieldErrors(new Error('offline'), 'x')).toEqual({});
  });
});

describe('errorsBelow', () => {
  it('keeps the errors of one part of a request, named as that part names them', () => {
    expect(errorsBelow({ 'shippingInfo.city': 'Required', 'billingInfo.city': 'Bad', shippingMethod: 'Unknown' }, 'shippingInfo')).toEqual({ city: 'Required' });
  });
});
