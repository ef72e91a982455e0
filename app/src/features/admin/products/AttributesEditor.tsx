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

  /** A row's key or value in the tab's language (the English text as the placeholder), with its error. */
  const cell = (row: AttributeRow, part: 'key' | 'value', index: number) => {
    const error = errorText(`attributes.${row.id}.${part}`);
    const placeholder = t(`attributes.${part}Placeholder`);
    return (
      <Box>
        <TextField.Root
          aria-label={t(`attributes.${part}Label`, { n: index + 1, language: langName })}
          placeholder={lang === 'en' ? placeholder : row[part].en || placeholder}
          value={row[part][lang]}
          maxLength={part === 'key' ? 200 : 500}
          aria-invalid={!!error}
          onChange={(e) => set(row.id, part, e.target.value)}
        />
        {error && (
          <Text size="1" color="red" role="alert">
            {error}
          </Text>
        )}
      </Box>
    );
  };

  return (
    <Box>
      <Text as="p" size="1" color="gray" mb="2">
        {t('attributes.hint', { language: langName })}
      </Text>
      <Flex direction="column" gap="3" asChild>
        <ol className="plain-list" aria-label={t('attributes.title')}>
          {rows.map((row, index) => (
            <li key={row.id} data-testid="attribute-row">
              <Grid columns={{ initial: '1', sm: '1fr 1fr auto' }} gap="2" align="start">
                {cell(row, 'key', index)}
                {cell(row, 'value', index)}
                <IconButton type="button" variant="soft" color="red" aria-label={t('attributes.remove', { n: index + 1 })} onClick={() => remove(row.id)}>
                  <TrashIcon />
                </IconButton>
              </Grid>
            </li>
          ))}
        </ol>
      </Flex>
      <Button type="button" variant="ghost" mt="3" onClick={() => onChange([...rows, emptyAttribute()])}>
        <PlusIcon /> {t('attributes.add')}
      </Button>
    </Box>
  );
}
