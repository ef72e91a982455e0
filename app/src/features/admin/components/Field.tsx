import type { ReactNode } from 'react';
import { Box, Text } from '@radix-ui/themes';

interface Props {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}

/** A labelled form control with its error (role alert) or hint below. */
export function Field({ id, label, required, error, hint, children }: Props) {
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: 'block' }}>
        {label}
        {required && (
          <Text color="red" aria-hidden="true">
            {' *'}
          </Text>
        )}
      </Text>
      {children}
      {error ? (
        <Text as="p" size="1" color="red" mt="1" role="alert" id={`${id}-error`}>
          {error}
        </Text>
      ) : hint ? (
        <Text as="p" size="1" color="gray" mt="1" id={`${id}-hint`}>
          {hint}
        </Text>
      ) : null}
    </Box>
  );
}

/** aria props tying a control to its Field's error or hint. */
export function describedBy(id: string, error?: string, hint?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}
