import { Box, Card, Flex, Grid, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { describedBy, Field } from '../components/Field';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, type ProductFormState, type TextLanguage } from './formModel';

interface Props {
  form: ProductFormState;
  /** The language of the texts' tab: the search texts and preview follow it. */
  lang: TextLanguage;
  productId?: string;
}

/** Search engines show about this much of a title and a description. */
const SHOWN_TITLE = 60;
const SHOWN_DESCRIPTION = 160;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/**
 * What search engines and Merchant Center read beside the texts (issue 50): the brand, part
 * number and GTIN, and per language the owner's title and description for the search result,
 * with a preview of that result (the generated words where the owner wrote none).
 */
export function SearchEngineCard({ form, lang, productId }: Props) {
  const { t } = useTranslation('admin');
  const { values } = form;
  const name = values.name[lang].trim() || values.name.en.trim();
  const category = values.category ? t(`shop:categories.${values.category}`, values.category) : '';
  const ownTitle = values.seoTitle[lang].trim();
  const ownDescription = values.seoDescription[lang].trim();
  const title = ownTitle || [name, category].filter(Boolean).join(' – ');
  const description = ownDescription || `${name}: ${(values.description[lang].trim() || values.description.en.trim()).replace(/\s+/g, ' ')}`;
  const address = `${window.location.host}${lang === 'en' ? '' : `/${lang}`}/products/${productId ?? '…'}`;

  const plain = (key: 'brand' | 'mpn' | 'gtin', max: number, hint?: string) => (
    <Field id={`product-${key}`} label={t(`productForm.search.${key}`)} error={form.error(key)} hint={hint}>
      <TextField.Root
        id={`product-${key}`}
        value={values[key]}
        maxLength={max}
        inputMode={key === 'gtin' ? 'numeric' : undefined}
        onChange={(e) => form.set(key, e.target.value)}
        onBlur={() => form.touch(key)}
        {...describedBy(`product-${key}`, form.error(key), hint)}
      />
    </Field>
  );
  const local = (key: 'seoTitle' | 'seoDescription', max: number) => {
    const id = `product-${key}-${lang}`;
    const error = form.error(`${key}.${lang}`) ?? form.error(key);
    const hint = t('productForm.search.count', { count: values[key][lang].length, max });
    const control = {
      id,
      value: values[key][lang],
      onChange: (e: { target: { value: string } }) => form.set(key, (prev) => ({ ...prev, [lang]: e.target.value })),
      onBlur: () => form.touch(`${key}.${lang}`),
      ...describedBy(id, error, hint),
    };
    return (
      <Field id={id} label={t(`productForm.search.${key}`, { language: LANGUAGE_NAMES[lang] })} error={error} hint={hint}>
        {key === 'seoTitle' ? <TextField.Root maxLength={max} {...control} /> : <TextArea rows={3} maxLength={max} {...control} />}
      </Field>
    );
  };

  return (
    <Card size="2">
      <Heading as="h3" size="3" mb="1">
        {t('productForm.search.title')}
      </Heading>
      <Text as="p" size="1" color="gray" mb="3">
        {t('productForm.search.hint')}
      </Text>
      <Grid columns={{ initial: '1', sm: '3' }} gap="3" mb="3">
        {plain('brand', 100)}
        {plain('mpn', 70)}
        {plain('gtin', 14, t('productForm.search.gtinHint'))}
      </Grid>
      <Flex direction="column" gap="3">
        {local('seoTitle', SEO_TITLE_MAX)}
        {local('seoDescription', SEO_DESCRIPTION_MAX)}
        <Box className="search-preview" role="group" aria-label={t('productForm.search.preview')}>
          <Text as="p" size="1" color="gray" mb="1">
            {t('productForm.search.preview')}
            {!ownTitle || !ownDescription ? ` · ${t('productForm.search.generated')}` : ''}
          </Text>
          <Text as="p" size="1" color="gray" className="search-preview-url">
            {address}
          </Text>
          <Text as="p" size="4" className="search-preview-title">
            {clip(title, SHOWN_TITLE)}
          </Text>
          <Text as="p" size="2" className="search-preview-text">
            {clip(description, SHOWN_DESCRIPTION)}
          </Text>
        </Box>
      </Flex>
    </Card>
  );
}
