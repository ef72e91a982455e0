import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { emptyAttribute, type AttributeRow, type TextLanguage } from './formModel';
import { LocalizedRows, type RowPart } from './LocalizedRows';

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
  const language = LANGUAGE_NAMES[lang];
  /** The English text is the placeholder in other tabs. */
  const part = (key: 'key' | 'value', maxLength: number): RowPart<'key' | 'value'> => ({
    key,
    maxLength,
    label: (n) => t(`attributes.${key}Label`, { n, language }),
    placeholder: (en) => (lang === 'en' ? t(`attributes.${key}Placeholder`) : en || t(`attributes.${key}Placeholder`)),
  });
  return (
    <LocalizedRows
      rows={rows}
      onChange={onChange}
      lang={lang}
      errorText={errorText}
      field="attributes"
      parts={[part('key', 200), part('value', 500)]}
      hint={t('attributes.hint', { language })}
      listLabel={t('attributes.title')}
      removeLabel={(n) => t('attributes.remove', { n })}
      remove={(all, id) => {
        const rest = all.filter((r) => r.id !== id);
        return rest.length ? rest : [emptyAttribute()];
      }}
      addLabel={t('attributes.add')}
      addVariant="ghost"
      add={emptyAttribute}
      rowTestId="attribute-row"
    />
  );
}
