import { useId, useMemo } from 'react';
import { Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { countryOptions, US_STATES } from '../lib/countries';
import { NativeSelect } from './NativeSelect';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  /** The first, empty option's text. */
  placeholder: string;
}

/** A labelled native select with its error, as FormField lays out a text field. */
function SelectField({ id, label, value, onChange, onBlur, error, required, disabled, autoComplete, placeholder, options }: Props & { options: { code: string; name: string }[] }) {
  const errorId = `${id}-error`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required && (
          <Text color="red" aria-hidden="true">
            {' '}
            *
          </Text>
        )}
      </Text>
      <NativeSelect
        id={id}
        className="address-select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </NativeSelect>
      {error && (
        <Text id={errorId} size="1" color="red">
          {error}
        </Text>
      )}
    </Flex>
  );
}

/** The country of an address: every ISO 3166 country, named and sorted in the reader's language; the value is the code. */
export function CountrySelect(props: Props) {
  const { i18n } = useTranslation();
  const lang = i18n.language ?? 'en';
  const options = useMemo(() => countryOptions(lang), [lang]);
  return <SelectField {...props} options={options} />;
}

/** A US address's state, from the list; the value is the two-letter code. */
export function StateSelect(props: Props) {
  const auto = useId();
  const options = useMemo(() => US_STATES.map((s) => ({ code: s.code, name: `${s.name} (${s.code})` })), []);
  return <SelectField {...props} id={props.id || auto} options={options} />;
}
