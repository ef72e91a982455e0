import { Callout } from '@radix-ui/themes';
import { CheckCircledIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';

/** A form's notice: green with a tick (role status) or red with the warning sign (role alert); nothing without a message. */
export function Notice({ kind, message }: { kind: 'success' | 'error'; message: string | null | undefined }) {
  if (!message) return null;
  const success = kind === 'success';
  return (
    <Callout.Root color={success ? 'green' : 'red'} role={success ? 'status' : 'alert'}>
      <Callout.Icon>{success ? <CheckCircledIcon /> : <ExclamationTriangleIcon />}</Callout.Icon>
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}

/** A form's red notice with the warning sign; nothing while there is no message. */
export function ErrorCallout({ message }: { message: string | null | undefined }) {
  return <Notice kind="error" message={message} />;
}
