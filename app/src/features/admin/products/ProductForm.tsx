import { useState } from 'react';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { useForm } from '../../../lib/form';
import { useAdminCategoryNames } from '../categories/api';
import { adminApi } from '../api';
import { failureText } from '../messages';
import { AttributesEditor } from './AttributesEditor';
import { TEXT_LANGUAGES, productFieldPath, submitBlocked, toPayload, validateProduct, type ProductFormValues, type TextLanguage } from './formModel';
import { ImagesField } from './ImagesField';
import { ProductDetailsCard } from './ProductDetailsCard';
import { ProductTextsCard } from './ProductTextsCard';
import { VariantsCard } from './VariantsCard';
import { SearchEngineCard } from './SearchEngineCard';
import { HireCard } from './HireCard';
import { adminKeys, catalogKeys } from '../../../api/queryKeys';

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
  const form = useForm({
    initial,
    rules: validateProduct,
    message: (key) => (key.startsWith('variants.') ? t(key) : t(`productForm.validation.${key}`)),
  });
  const { values } = form;
  const [lang, setLang] = useState<TextLanguage>('en');
  const categories = useAdminCategoryNames();

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
      const rowIds = toPayload(v).attributeRowIds;
      const errors = form.serverFailed(error, undefined, (path) => productFieldPath(path, rowIds, v));
      // The first language tab with a refused text opens.
      const langWithError = TEXT_LANGUAGES.find((l) => errors[`name.${l}`] || errors[`description.${l}`]);
      if (langWithError) setLang(langWithError);
      toast.error(failureText(t, error, isEdit ? 'products.updateError' : 'products.createError'), TOAST_LONG);
    },
  });

  const onSubmit = form.handleSubmit(
    (v) => save.mutate(v),
    (problems) => {
      if (problems['name.en'] || problems['description.en']) setLang('en');
    },
  );

  const blocked = submitBlocked(values);
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="product-form-title">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="6" id="product-form-title">
          {t(isEdit ? 'productForm.editTitle' : 'productForm.createTitle')}
        </Heading>
      </Flex>

      <Flex direction="column" gap="4">
        <ProductTextsCard form={form} lang={lang} setLang={setLang} />
        <ProductDetailsCard form={form} categories={categories} />

        <VariantsCard form={form} lang={lang} />

        <HireCard form={form} productId={productId} />

        <Card size="2">
          <Heading as="h3" size="3" mb="2">
            {t('attributes.title')}
          </Heading>
          <AttributesEditor rows={values.attributes} lang={lang} errorText={form.error} onChange={(attributes) => form.set('attributes', attributes)} />
          {form.serverErrors.attributes && (
            <Text as="p" size="1" color="red" role="alert" mt="2">
              {form.serverErrors.attributes}
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
          <ImagesField images={values.images} setImages={(action) => form.set('images', action)} error={form.error('images')} onTouched={() => form.touch('images')} />
        </Card>

        <SearchEngineCard form={form} lang={lang} productId={productId} />

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
