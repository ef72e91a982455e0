import { Box, Button, Flex, Grid, IconButton, Text, TextField } from '@radix-ui/themes';
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { emptyAttribute, type AttributeRow, type TextLanguage } from './formModel';

interface Props {
  rows: AttributeRow[];
  onChange: (rows: AttributeRow[]) => void;
  /** The text language being edited (the form's language tab). */
  lang: TextLanguage;
  errorText: (field: string) => string | undefined;
}

/**
 * Key and value pairs, localized: the inputs edit the language of the form's current tab.
 * At least one row is always shown; rows left empty are dropped on submit.
 */
export function AttributesEditor({ rows, onChange, lang, errorText }: Props) {
  const { t } = useTranslation('admin');
  const langName = LANGUAGE_NAMES[lang];

  const set = (id: string, part: 'key' | 'value', text: string) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, [part]: { ...r[part], [lang]: text } } : r)));

  const remove = (id: string) => {
    const rest = rows.filter((r) => r.id !== id);
    onChange(rest.length ? rest : [emptyAttribute()]);
  };

  return (
    <Box>
      <Text as="p" size="1" color="gray" mb="2">
        {t('attributes.hint', { language: langName })}
      </Text>
      <Flex direction="column" gap="3" asChild>
        <ol className="plain-list" aria-label={t('attributes.title')}>
          {rows.map((row, index) => {
            const keyError = errorText(`attributes.${row.id}.key`);
            const valueError = errorText(`attributes.${row.id}.value`);
            const keyLabel = t('attributes.keyLabel', { n: index + 1, language: langName });
            const valueLabel = t('attributes.valueLabel', { n: index + 1, language: langName });
            return (
              <li key={row.id} data-testid="attribute-row">
                <Grid columns={{ initial: '1', sm: '1fr 1fr auto' }} gap="2" align="start">
                  <Box>
                    <TextField.Root
                      aria-label={keyLabel}
                      placeholder={lang === 'en' ? t('attributes.keyPlaceholder') : row.key.en || t('attributes.keyPlaceholder')}
                      value={row.key[lang]}
                      maxLength={200}
                      aria-invalid={!!keyError}
                      onChange={(e) => set(row.id, 'key', e.target.value)}
                    />
                    {keyError && (
                      <Text size="1" color="red" role="alert">
                        {keyError}
                      </Text>
                    )}
                  </Box>
                  <Box>
                    <TextField.Root
                      aria-label={valueLabel}
                      placeholder={lang === 'en' ? t('attributes.valuePlaceholder') : row.value.en || t('attributes.valuePlaceholder')}
                      value={row.value[lang]}
                      maxLength={500}
                      aria-invalid={!!valueError}
                      onChange={(e) => set(row.id, 'value', e.target.value)}
                    />
                    {valueError && (
                      <Text size="1" color="red" role="alert">
                        {valueError}
                      </Text>
                    )}
                  </Box>
                  <IconButton
                    type="button"
                    variant="soft"
                    color="red"
                    aria-label={t('attributes.remove', { n: index + 1 })}
                    onClick={() => remove(row.id)}
                  >
                    <TrashIcon />
                  </IconButton>
                </Grid>
              </li>
            );
          })}
        </ol>
      </Flex>
      <Button type="button" variant="ghost" mt="3" onClick={() => onChange([...rows, emptyAttribute()])}>
        <PlusIcon /> {t('attributes.add')}
      </Button>
    </Box>
  );
}
