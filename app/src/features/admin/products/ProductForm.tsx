import { useMemo, useState, type FormEvent, type SetStateAction } from 'react';
import { Box, Button, Card, Flex, Grid, Heading, Select, Switch, Tabs, Text, TextArea, TextField } from '@radix-ui/themes';
import { PlusIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { CATEGORIES, catalogKeys, categoriesQuery } from '../../catalog/api';
import { adminApi, adminKeys } from '../api';
import { describedBy, Field } from '../components/Field';
import { failureText } from '../messages';
import { AttributesEditor } from './AttributesEditor';
import {
  TEXT_LANGUAGES,
  mapServerErrors,
  submitBlocked,
  toPayload,
  validateProduct,
  type FormErrors,
  type ImageItem,
  type ProductFormValues,
  type TextLanguage,
} from './formModel';
import { ImagesField } from './ImagesField';

interface Props {
  /** Product id when editing; absent when creating. */
  productId?: string;
  initial: ProductFormValues;
  /** Back to the list (after a save or on cancel). */
  onDone: () => void;
}

/** Create or edit a product (spec section 5 rules; server `errors` shown on their fields). */
export function ProductForm({ productId, initial, onDone }: Props) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const isEdit = !!productId;

  const [values, setValues] = useState<ProductFormValues>(initial);
  const [lang, setLang] = useState<TextLanguage>('en');
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});

  const categories = useQuery(categoriesQuery());
  const categoryList = categories.data?.length ? categories.data : CATEGORIES;
  const clientErrors = useMemo(() => validateProduct(values), [values]);

  const touch = (field: string) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field)));

  /** Error text for a field: the server's, else the client rule's once touched or submitted. */
  const errorText = (field: string): string | undefined => {
    if (serverErrors[field]) return serverErrors[field];
    const key = clientErrors[field];
    if (!key) return undefined;
    return submitted || touched.has(field) ? t(`productForm.validation.${key}`) : undefined;
  };

  const update = (patch: Partial<ProductFormValues>, fields: string[]) => {
    setValues((prev) => ({ ...prev, ...patch }));
    if (fields.some((f) => serverErrors[f])) {
      setServerErrors((prev) => {
        const next = { ...prev };
        fields.forEach((f) => delete next[f]);
        return next;
      });
    }
  };

  const setImages = (action: SetStateAction<ImageItem[]>) => {
    setValues((prev) => ({ ...prev, images: typeof action === 'function' ? action(prev.images) : action }));
    setServerErrors((prev) => {
      if (!prev.imageFileNames) return prev;
      const next = { ...prev };
      delete next.imageFileNames;
      return next;
    });
  };

  const addLanguage = (l: TextLanguage) => {
    update({ languages: TEXT_LANGUAGES.filter((x) => x === l || values.languages.includes(x)) }, []);
    setLang(l);
  };

  const removeLanguage = (l: TextLanguage) => {
    if (l === 'en') return;
    setValues((prev) => ({
      ...prev,
      languages: prev.languages.filter((x) => x !== l),
      name: { ...prev.name, [l]: '' },
      description: { ...prev.description, [l]: '' },
      attributes: prev.attributes.map((a) => ({ ...a, key: { ...a.key, [l]: '' }, value: { ...a.value, [l]: '' } })),
    }));
    setLang('en');
  };

  const save = useMutation({
    mutationFn: (v: ProductFormValues) => {
      const { payload } = toPayload(v);
      return productId ? adminApi.updateProduct(productId, payload) : adminApi.createProduct(payload);
    },
    onSuccess: async () => {
      toast.success(t(isEdit ? 'products.updated' : 'products.created'), TOAST_LONG);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.products }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
      ]);
      onDone();
    },
    onError: (error, v) => {
      if (isApiError(error) && error.errors) {
        const mapped = mapServerErrors(error.errors, toPayload(v).attributeRowIds);
        setServerErrors(mapped);
        const langWithError = TEXT_LANGUAGES.find((l) => mapped[`nameLocalized.${l}`] || mapped[`descriptionLocalized.${l}`]);
        if (langWithError) setLang(langWithError);
      }
      toast.error(failureText(t, error, isEdit ? 'products.updateError' : 'products.createError'), TOAST_LONG);
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0) {
      if (clientErrors['nameLocalized.en'] || clientErrors['descriptionLocalized.en']) setLang('en');
      return;
    }
    setServerErrors({});
    save.mutate(values);
  };

  const blocked = submitBlocked(values);
  const missing = TEXT_LANGUAGES.filter((l) => !values.languages.includes(l));
  const priceError = errorText('price');
  const stockError = errorText('stockQuantity');
  const categoryError = errorText('category');

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="product-form-title">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="6" id="product-form-title">
          {t(isEdit ? 'productForm.editTitle' : 'productForm.createTitle')}
        </Heading>
      </Flex>

      <Flex direction="column" gap="4">
        <Card size="2">
          <Flex justify="between" align="center" wrap="wrap" gap="2" mb="2">
            <Heading as="h3" size="3">
              {t('productForm.texts')}
            </Heading>
            <Flex gap="2" wrap="wrap">
              {missing.map((l) => (
                <Button key={l} type="button" size="1" variant="soft" onClick={() => addLanguage(l)}>
                  <PlusIcon /> {t('productForm.addLanguage', { language: LANGUAGE_NAMES[l] })}
                </Button>
              ))}
            </Flex>
          </Flex>
          <Tabs.Root value={lang} onValueChange={(v) => setLang(v as TextLanguage)}>
            <Tabs.List aria-label={t('productForm.languages')}>
              {values.languages.map((l) => (
                <Tabs.Trigger key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                  {l === 'en' ? ` (${t('productForm.required')})` : ''}
                  {(errorText(`nameLocalized.${l}`) || errorText(`descriptionLocalized.${l}`)) && (
                    <Text color="red" aria-hidden="true">
                      {' !'}
                    </Text>
                  )}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {values.languages.map((l) => {
              const nameError = errorText(`nameLocalized.${l}`);
              const descriptionError = errorText(`descriptionLocalized.${l}`);
              const language = LANGUAGE_NAMES[l];
              return (
                <Tabs.Content key={l} value={l}>
                  <Flex direction="column" gap="3" pt="3">
                    <Field id={`name-${l}`} label={t('productForm.name', { language })} required={l === 'en'} error={nameError}>
                      <TextField.Root
                        id={`name-${l}`}
                        value={values.name[l]}
                        maxLength={200}
                        placeholder={l === 'en' ? undefined : values.name.en}
                        onChange={(e) => update({ name: { ...values.name, [l]: e.target.value } }, [`nameLocalized.${l}`])}
                        onBlur={() => touch(`nameLocalized.${l}`)}
                        {...describedBy(`name-${l}`, nameError)}
                      />
                    </Field>
                    <Field
                      id={`description-${l}`}
                      label={t('productForm.description', { language })}
                      required={l === 'en'}
                      error={descriptionError}
                    >
                      <TextArea
                        id={`description-${l}`}
                        rows={4}
                        value={values.description[l]}
                        maxLength={5000}
                        placeholder={l === 'en' ? undefined : values.description.en}
                        onChange={(e) =>
                          update({ description: { ...values.description, [l]: e.target.value } }, [`descriptionLocalized.${l}`])
                        }
                        onBlur={() => touch(`descriptionLocalized.${l}`)}
                        {...describedBy(`description-${l}`, descriptionError)}
                      />
                    </Field>
                    {l !== 'en' && (
                      <Box>
                        <Button type="button" size="1" variant="ghost" color="red" onClick={() => removeLanguage(l)}>
                          {t('productForm.removeLanguage', { language })}
                        </Button>
                      </Box>
                    )}
                  </Flex>
                </Tabs.Content>
              );
            })}
          </Tabs.Root>
        </Card>

        <Card size="2">
          <Heading as="h3" size="3" mb="3">
            {t('productForm.details')}
          </Heading>
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <Field id="price" label={t('productForm.price')} required error={priceError}>
              <TextField.Root
                id="price"
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                value={values.price}
                onChange={(e) => update({ price: e.target.value }, ['price'])}
                onBlur={() => touch('price')}
                {...describedBy('price', priceError)}
              >
                <TextField.Slot>$</TextField.Slot>
              </TextField.Root>
            </Field>
            <Field id="stockQuantity" label={t('productForm.stock')} required error={stockError}>
              <TextField.Root
                id="stockQuantity"
                type="number"
                inputMode="numeric"
                step="1"
                min="0"
                value={values.stockQuantity}
                onChange={(e) => update({ stockQuantity: e.target.value }, ['stockQuantity'])}
                onBlur={() => touch('stockQuantity')}
                {...describedBy('stockQuantity', stockError)}
              />
            </Field>
            <Field id="category" label={t('productForm.category')} required error={categoryError}>
              <Select.Root
                value={values.category}
                onValueChange={(v) => update({ category: v }, ['category'])}
                onOpenChange={(open) => !open && touch('category')}
              >
                <Select.Trigger id="category" placeholder={t('productForm.selectCategory')} style={{ width: '100%' }} {...describedBy('category', categoryError)} />
                <Select.Content position="popper">
                  {categoryList.map((c) => (
                    <Select.Item key={c} value={c}>
                      {t(`shop:categories.${c}`, c)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Field>
            <Box>
              <Text as="label" size="2" weight="medium">
                <Flex gap="2" align="center" mt={{ initial: '0', sm: '5' }}>
                  <Switch checked={values.isActive} onCheckedChange={(isActive) => update({ isActive }, ['isActive'])} />
                  {t('productForm.active')}
                </Flex>
              </Text>
              <Text as="p" size="1" color="gray" mt="1">
                {t('productForm.activeHint')}
              </Text>
            </Box>
          </Grid>
        </Card>

        <Card size="2">
          <Heading as="h3" size="3" mb="2">
            {t('attributes.title')}
          </Heading>
          <AttributesEditor
            rows={values.attributes}
            lang={lang}
            errorText={errorText}
            onChange={(attributes) => {
              const changed = values.attributes.map((a) => a.id);
              update({ attributes }, changed.flatMap((id) => [`attributes.${id}.key`, `attributes.${id}.value`]));
            }}
          />
          {serverErrors.attributes && (
            <Text as="p" size="1" color="red" role="alert" mt="2">
              {serverErrors.attributes}
            </Text>
          )}
        </Card>

        <Card size="2">
          <Heading as="h3" size="3" mb="2">
            {t('images.title')}
            <Text color="red" aria-hidden="true">
              {' *'}
            </Text>
          </Heading>
          <ImagesField
            images={values.images}
            setImages={setImages}
            error={errorText('imageFileNames')}
            onTouched={() => touch('imageFileNames')}
          />
        </Card>

        <Flex justify="end" align="center" gap="3" wrap="wrap">
          {blocked && !save.isPending && (
            <Text size="1" color="gray" id="submit-hint">
              {t('productForm.submitHint')}
            </Text>
          )}
          <Button type="button" variant="soft" color="gray" onClick={onDone} disabled={save.isPending}>
            {t('productForm.cancel')}
          </Button>
          <Button type="submit" disabled={blocked || save.isPending} loading={save.isPending} aria-describedby={blocked ? 'submit-hint' : undefined}>
            {t(isEdit ? 'productForm.update' : 'productForm.create')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
