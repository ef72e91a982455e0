import { Callout } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';

/** A form's red notice with the warning sign; nothing while there is no message. */
export function ErrorCallout({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}
