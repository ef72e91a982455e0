import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import type { ProductFormState, TextLanguage } from './formModel';
import { OptionsEditor } from './OptionsEditor';
import { VariantGrid } from './VariantGrid';
import { generateVariants } from './variantsModel';

/** The product's options and, once the combinations are generated, its variant grid (issue 31). */
export function VariantsCard({ form, lang }: { form: ProductFormState; lang: TextLanguage }) {
  const { t } = useTranslation('admin');
  const { values } = form;
  const images = values.images.filter((i) => i.status === 'done' && i.fileName).map((i) => i.fileName as string);
  const generate = () =>
    form.set(
      'variants',
      generateVariants(values.options, values.variants, { sku: values.name.en || 'SKU', price: values.price.trim() || '0.00' }),
    );
  const error = form.error('variants');
  return (
    <Card size="2">
      <Heading as="h3" size="3" mb="2">
        {t('variants.title')}
      </Heading>
      <OptionsEditor options={values.options} lang={lang} errorText={form.error} onChange={(options) => form.set('options', options)} />
      {values.options.length > 0 && (
        <Flex direction="column" gap="3" mt="3">
          <Flex gap="3" align="center" wrap="wrap">
            <Button type="button" onClick={generate}>
              {t('variants.generate')}
            </Button>
            <Text size="1" color="gray">
              {t('variants.generateHint')}
            </Text>
          </Flex>
          {error && (
            <Text as="p" size="1" color="red" role="alert">
              {error}
            </Text>
          )}
          {values.variants.length > 0 && (
            <VariantGrid rows={values.variants} images={images} errorText={form.error} onChange={(rows) => form.set('variants', rows)} />
          )}
        </Flex>
      )}
    </Card>
  );
}
