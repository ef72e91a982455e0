import { useId, type ComponentProps } from 'react';
import { Flex, Text, TextArea, TextField } from '@radix-ui/themes';

interface Props extends Omit<ComponentProps<typeof TextField.Root>, 'onChange' | 'value' | 'onBlur'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field was left (a form then shows its rule's problem). */
  onBlur?: () => void;
  error?: string | null;
  hint?: string;
  multiline?: boolean;
  rows?: number;
}

/** Labelled text input with its error and hint wired to aria-describedby. */
export function FormField({ label, value, onChange, error, hint, multiline, rows = 5, id, required, disabled, onBlur, ...rest }: Props) {
  const auto = useId();
  const fieldId = id ?? auto;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  // The same wiring for a one-line field and a text area.
  const control = {
    id: fieldId,
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    onBlur: () => onBlur?.(),
    'aria-invalid': !!error || undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    disabled,
    color: error ? ('red' as const) : undefined,
  };
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={fieldId} size="2" weight="medium">
        {label}
        {required && (
          <Text color="red" aria-hidden="true">
            {' '}
            *
          </Text>
        )}
      </Text>
      {multiline ? <TextArea rows={rows} {...control} /> : <TextField.Root {...control} {...rest} />}
      {hint && (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      )}
      {error && (
        <Text id={errorId} size="1" color="red">
          {error}
        </Text>
      )}
    </Flex>
  );
}
