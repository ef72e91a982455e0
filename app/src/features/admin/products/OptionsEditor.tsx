import { Box, Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import type { TextLanguage } from './formModel';
import { emptyOption, MAX_OPTIONS, type OptionRow } from './variantsModel';

interface Props {
  options: OptionRow[];
  onChange: (options: OptionRow[]) => void;
  /** The text language being edited (the form's language tab). */
  lang: TextLanguage;
  errorText: (field: string) => string | undefined;
}

/**
 * Up to three options (Length, Colour, Voltage), each a name and its values as a comma-separated
 * list, in the language of the form's tab (English names the values; translations by position).
 */
export function OptionsEditor({ options, onChange, lang, errorText }: Props) {
  const { t } = useTranslation('admin');
  const language = LANGUAGE_NAMES[lang];
  const set = (id: string, part: 'name' | 'values', text: string) =>
    onChange(options.map((o) => (o.id === id ? { ...o, [part]: { ...o[part], [lang]: text } } : o)));

  const input = (o: OptionRow, part: 'name' | 'values', n: number) => {
    const error = errorText(`options.${o.id}.${part}`);
    return (
      <Box>
        <TextField.Root
          aria-label={t(`variants.option.${part}Label`, { n, language })}
          placeholder={lang === 'en' ? t(`variants.option.${part}Placeholder`) : o[part].en}
          value={o[part][lang]}
          maxLength={part === 'name' ? 100 : 1000}
          aria-invalid={!!error}
          onChange={(e) => set(o.id, part, e.target.value)}
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
        {t('variants.option.hint', { language })}
      </Text>
      <Flex direction="column" gap="3" asChild>
        <ol className="plain-list" aria-label={t('variants.option.list')}>
          {options.map((o, i) => (
            <li key={o.id}>
              <Flex gap="2" align="start" wrap="wrap">
                <Box flexGrow="1" style={{ flexBasis: 140 }}>
                  {input(o, 'name', i + 1)}
                </Box>
                <Box flexGrow="2" style={{ flexBasis: 220 }}>
                  {input(o, 'values', i + 1)}
                </Box>
                <IconButton
                  type="button"
                  variant="soft"
                  color="red"
                  aria-label={t('variants.option.remove', { n: i + 1 })}
                  onClick={() => onChange(options.filter((x) => x.id !== o.id))}
                >
                  <TrashIcon />
                </IconButton>
              </Flex>
            </li>
          ))}
        </ol>
      </Flex>
      {options.length < MAX_OPTIONS && (
        <Button type="button" variant="soft" mt="3" onClick={() => onChange([...options, emptyOption()])}>
          <PlusIcon /> {t('variants.option.add')}
        </Button>
      )}
    </Box>
  );
}
