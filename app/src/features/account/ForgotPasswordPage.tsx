import { useState, type FormEvent } from 'react';
import { Button, Callout, Text } from '@radix-ui/themes';
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useFleetingState } from '../../components/useFleetingState';
import { errorText } from '../../i18n/errors';
import { isEmail } from '../../lib/validation';
import { useForgotPassword } from './passwordReset';
import { PasswordFormCard } from './PasswordFormCard';
import { ErrorCallout } from '../../components/ErrorCallout';

/** /forgot-password: asks for the e-mail; the answer never tells whether an account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [error, setError] = useFleetingState<string>();
  const forgot = useForgotPassword();
  useDocumentTitle(t('passwordReset.forgotTitle'));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!isEmail(email)) {
      setError(t('passwordReset.errors.invalidEmail'));
      return;
    }
    setError(null);
    forgot.mutate(email, { onError: (err) => setError(errorText(t, err, 'account:passwordReset.errors.failed')) });
  }

  return (
    <PasswordFormCard title={t('passwordReset.forgotTitle')} onSubmit={submit}>
      {forgot.isSuccess ? (
        <Callout.Root color="green" role="status">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>{t('passwordReset.sent')}</Callout.Text>
        </Callout.Root>
      ) : (
        <>
          <Text size="2" color="gray">
            {t('passwordReset.forgotIntro')}
          </Text>
          <ErrorCallout message={error} />
          <FormField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            disabled={forgot.isPending}
            required
          />
          <Button type="submit" size="3" loading={forgot.isPending}>
            {t('passwordReset.send')}
          </Button>
        </>
      )}
    </PasswordFormCard>
  );
}
