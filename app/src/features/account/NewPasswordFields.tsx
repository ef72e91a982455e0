import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField';
import type { Form } from '../../lib/form';

interface Props<V extends object> {
  form: Form<V>;
  /** The form's fields for the password and its confirmation. */
  names: [keyof V & string, keyof V & string];
  /** Labelled "New Password" (reset, profile) rather than "Password" (register). */
  change?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/** A new password with its rule as the hint, and its confirmation (register, reset password, profile). */
export function NewPasswordFields<V extends object>({ form, names: [password, confirm], change, required, disabled }: Props<V>) {
  const { t } = useTranslation('account');
  const common = { type: 'password', autoComplete: 'new-password', required, disabled } as const;
  return (
    <>
      <FormField label={t(change ? 'fields.newPassword' : 'fields.password')} hint={t('register.passwordHint')} {...common} {...form.field(password)} />
      <FormField label={t(change ? 'fields.confirmNewPassword' : 'fields.confirmPassword')} {...common} {...form.field(confirm)} />
    </>
  );
}
