import { useId, type ReactNode } from 'react';
import { Flex, Text } from '@radix-ui/themes';

interface Props {
  /** The checkbox or switch, given the id its label names. */
  control: (id: string) => ReactNode;
  label: ReactNode;
  /** The control's id when the caller needs it (error texts); a fresh one otherwise. */
  id?: string;
  size?: '1' | '2' | '3';
  weight?: 'regular' | 'medium' | 'bold';
  mt?: string | Record<string, string>;
}

/**
 * A checkbox or switch with its text beside it: a `<label for>` the control rather than a
 * `<label>` around it, because Radix adds a hidden `<input>` next to each control inside a form
 * and a label may hold one control only (HTML, the Nu checker's error). Clicking the text still
 * toggles it.
 */
export function ToggleField({ control, label, id, size = '2', weight, mt }: Props) {
  const own = useId();
  const controlId = id ?? own;
  return (
    <Flex gap="2" align="center" mt={mt}>
      {control(controlId)}
      <Text as="label" htmlFor={controlId} size={size} weight={weight}>
        {label}
      </Text>
    </Flex>
  );
}
