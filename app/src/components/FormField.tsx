import { useId, type ComponentProps } from 'react';
import { Flex, Text, TextArea, TextField } from '@radix-ui/themes';

interface Props extends Omit<ComponentProps<typeof TextField.Root>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  multiline?: boolean;
  rows?: number;
}

/** Labelled text input with its error and hint wired to aria-describedby. */
export function FormField({ label, value, onChange, error, hint, multiline, rows = 5, id, required, disabled, ...rest }: Props) {
  const auto = useId();
  const fieldId = id ?? auto;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
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
      {multiline ? (
        <TextArea
          id={fieldId}
          value={value}
          rows={rows}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          disabled={disabled}
          color={error ? 'red' : undefined}
        />
      ) : (
        <TextField.Root
          id={fieldId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          disabled={disabled}
          color={error ? 'red' : undefined}
          {...rest}
        />
      )}
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
