import { Button, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField';
import { ErrorCallout, Notice } from '../../components/ErrorCallout';
import { useFleetingState } from '../../components/useFleetingState';
import { errorText } from '../../i18n/errors';
import { useForm, type Problems } from '../../lib/form';
import { isEmail } from '../../lib/validation';
import { useLocation } from 'react-router-dom';
import { useForgotPassword } from './passwordReset';
import { rememberForReset, type AuthState } from './authReturn';
import { PasswordFormCard } from './PasswordFormCard';

const forgotRules = (v: { email: string }): Problems => (isEmail(v.email) ? {} : { email: 'passwordReset.errors.invalidEmail' });

/** /forgot-password: asks for the e-mail; the answer never tells whether an account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const state = useLocation().state as AuthState | null;
  const form = useForm({ initial: { email: state?.email ?? '' }, rules: forgotRules, message: t, inline: false });
  const [error, setError] = useFleetingState<string>();
  const forgot = useForgotPassword();

  const submit = form.handleSubmit(
    ({ email }) => {
      setError(null);
      // The e-mailed link opens in a new tab: it finds the e-mail and the return (checkout) there.
      rememberForReset({ from: state?.from, email: email.trim().toLowerCase() });
      forgot.mutate(email, { onError: (err) => setError(errorText(t, err, 'account:passwordReset.errors.failed')) });
    },
    (_, first) => setError(first),
  );

  return (
    <PasswordFormCard title={t('passwordReset.forgotTitle')} onSubmit={submit}>
      {forgot.isSuccess ? (
        <Notice kind="success" message={t('passwordReset.sent')} />
      ) : (
        <>
          <Text size="2" color="gray">
            {t('passwordReset.forgotIntro')}
          </Text>
          <ErrorCallout message={error} />
          <FormField label={t('fields.email')} type="email" autoComplete="email" disabled={forgot.isPending} required {...form.field('email')} />
          <Button type="submit" size="3" loading={forgot.isPending}>
            {t('passwordReset.send')}
          </Button>
        </>
      )}
    </PasswordFormCard>
  );
}
