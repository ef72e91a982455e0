import { Box, Button, Card, Flex, Heading, Tabs, Text, TextArea, TextField } from '@radix-ui/themes';
import { PlusIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { describedBy, Field } from '../components/Field';
import { TEXT_LANGUAGES, type ProductFormState, type ProductFormValues, type TextLanguage } from './formModel';

interface Props {
  form: ProductFormState;
  lang: TextLanguage;
  setLang: (lang: TextLanguage) => void;
}

/** The product's name and description, one tab per language (English required, others added on demand). */
export function ProductTextsCard({ form, lang, setLang }: Props) {
  const { t } = useTranslation('admin');
  const { values } = form;
  const missing = TEXT_LANGUAGES.filter((l) => !values.languages.includes(l));

  const addLanguage = (l: TextLanguage) => {
    form.set('languages', TEXT_LANGUAGES.filter((x) => x === l || values.languages.includes(x)));
    setLang(l);
  };

  // A removed language's texts go with it (attributes too), so nothing hidden is sent.
  const removeLanguage = (l: TextLanguage) => {
    const clear = <T extends Record<TextLanguage, string>>(text: T): T => ({ ...text, [l]: '' });
    form.set('languages', (prev) => prev.filter((x) => x !== l));
    form.set('name', clear);
    form.set('description', clear);
    form.set('attributes', (prev) => prev.map((a) => ({ ...a, key: clear(a.key), value: clear(a.value) })));
    setLang('en');
  };

  /** One language's input: its label, value, rule and server error, and the English text as a placeholder. */
  const text = (part: 'name' | 'description', l: TextLanguage) => {
    const id = `${part}-${l}`;
    const error = form.error(`${part}.${l}`);
    const control = {
      id,
      value: values[part][l],
      placeholder: l === 'en' ? undefined : values[part].en,
      onChange: (e: { target: { value: string } }) => form.set(part, (prev: ProductFormValues[typeof part]) => ({ ...prev, [l]: e.target.value })),
      onBlur: () => form.touch(`${part}.${l}`),
      ...describedBy(id, error),
    };
    return (
      <Field id={id} label={t(`productForm.${part}`, { language: LANGUAGE_NAMES[l] })} required={l === 'en'} error={error}>
        {part === 'name' ? <TextField.Root maxLength={200} {...control} /> : <TextArea rows={4} maxLength={5000} {...control} />}
      </Field>
    );
  };

  return (
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
              {(form.error(`name.${l}`) || form.error(`description.${l}`)) && (
                <Text color="red" aria-hidden="true">
                  {' !'}
                </Text>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {values.languages.map((l) => (
          <Tabs.Content key={l} value={l}>
            <Flex direction="column" gap="3" pt="3">
              {text('name', l)}
              {text('description', l)}
              {l !== 'en' && (
                <Box>
                  <Button type="button" size="1" variant="ghost" color="red" onClick={() => removeLanguage(l)}>
                    {t('productForm.removeLanguage', { language: LANGUAGE_NAMES[l] })}
                  </Button>
                </Box>
              )}
            </Flex>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Card>
  );
}
