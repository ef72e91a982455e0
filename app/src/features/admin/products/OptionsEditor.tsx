import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import type { TextLanguage } from './formModel';
import { LocalizedRows, type RowPart } from './LocalizedRows';
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
  const part = (key: 'name' | 'values', maxLength: number, flex: RowPart<'name'>['flex']): RowPart<'name' | 'values'> => ({
    key,
    maxLength,
    flex,
    label: (n) => t(`variants.option.${key}Label`, { n, language }),
    placeholder: (en) => (lang === 'en' ? t(`variants.option.${key}Placeholder`) : en),
  });
  return (
    <LocalizedRows
      rows={options}
      onChange={onChange}
      lang={lang}
      errorText={errorText}
      field="options"
      parts={[part('name', 100, { grow: '1', basis: 140 }), part('values', 1000, { grow: '2', basis: 220 })]}
      hint={t('variants.option.hint', { language })}
      listLabel={t('variants.option.list')}
      removeLabel={(n) => t('variants.option.remove', { n })}
      remove={(all, id) => all.filter((o) => o.id !== id)}
      addLabel={t('variants.option.add')}
      addVariant="soft"
      add={options.length < MAX_OPTIONS ? emptyOption : undefined}
    />
  );
}
