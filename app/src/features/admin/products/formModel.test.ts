import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ApiError } from '../../../api/client';
import { useForm } from '../../../lib/form';
import { emptyAttribute, emptyForm, productFieldPath, toPayload, validateProduct, validGtin, type ProductFormValues } from './formModel';

describe('productFieldPath', () => {
  it('puts the request paths of the API on the form fields', () => {
    const rows = ['attr-a', 'attr-c'];
    expect(productFieldPath('name', rows)).toBe('name.en');
    expect(productFieldPath('nameLocalized', rows)).toBe('name.en');
    expect(productFieldPath('nameLocalized.ru', rows)).toBe('name.ru');
    expect(productFieldPath('descriptionLocalized.zh', rows)).toBe('description.zh');
    expect(productFieldPath('imageFileNames.2', rows)).toBe('images');
    expect(productFieldPath('attributes.1.value', rows)).toBe('attributes.attr-c.value');
    expect(productFieldPath('attributes.0.keyLocalized.ru', rows)).toBe('attributes.attr-a.key');
    expect(productFieldPath('attributes.5.key', rows)).toBe('attributes');
    expect(productFieldPath('price', rows)).toBe('price');
  });
});

describe('the product form on the one form hook', () => {
  it('shows a refused attribute on the row it came from, not the sent index', () => {
    const values: ProductFormValues = { ...emptyForm(), attributes: [emptyAttribute(), emptyAttribute(), emptyAttribute()] };
    values.attributes[0].key.en = 'Power';
    values.attributes[0].value.en = '200 W';
    // The middle row is empty and not sent: the server's attributes.1 is the third row.
    values.attributes[2].key.en = 'Weight';
    values.attributes[2].value.en = '12 kg';
    const third = values.attributes[2].id;
    const { result } = renderHook(() => useForm({ initial: values, rules: validateProduct, message: (k) => k }));
    const rows = toPayload(values).attributeRowIds;
    const refused = new ApiError(400, 'validation_failed', 'Validation failed', { 'attributes.1.value': 'Value is too long', 'nameLocalized.ru': 'Too long' });
    act(() => {
      result.current.serverFailed(refused, undefined, (p) => productFieldPath(p, rows));
    });
    expect(result.current.error(`attributes.${third}.value`)).toBe('Value is too long');
    expect(result.current.error('name.ru')).toBe('Too long');
    // Before leaving or submitting, the English name's rule stays quiet; on submit it shows.
    expect(result.current.error('name.en')).toBeUndefined();
    act(() => result.current.handleSubmit(() => {})());
    expect(result.current.error('name.en')).toBe('nameRequired');
    expect(result.current.error('images')).toBe('imagesRequired');
  });
});

describe('search-engine fields (issue 50)', () => {
  it('accepts a GTIN only with its check digit', () => {
    expect(validGtin('4006381333931')).toBe(true);
    expect(validGtin('4006381333932')).toBe(false);
    expect(validGtin('96385074')).toBe(true);
    expect(validGtin('12345')).toBe(false);
  });

  it('sends the brand, part number, GTIN and the texts of every language written, and names a bad GTIN', () => {
    const v = { ...emptyForm(), brand: ' Antari ', mpn: 'Z-1000', gtin: '4006381333931' };
    v.seoTitle = { en: '', ru: 'Генератор дыма купить', zh: '' };
    const { payload } = toPayload(v);
    expect(payload).toMatchObject({ brand: 'Antari', mpn: 'Z-1000', gtin: '4006381333931', seoTitle: { ru: 'Генератор дыма купить' }, seoDescription: {} });
    expect(validateProduct({ ...v, gtin: '4006381333932' }).gtin).toBe('gtinInvalid');
    expect(validateProduct(v).gtin).toBeUndefined();
  });
});
