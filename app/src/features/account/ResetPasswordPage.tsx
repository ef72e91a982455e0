import { useEffect, useState, type FormEvent } from 'react';
import { Button, Callout } from '@radix-ui/themes';
import { CheckCircledIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../api/client';
import { FormField } from '../../components/FormField';
import { PasswordFormCard } from './PasswordFormCard';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useFleetingState } from '../../components/useFleetingState';
import { errorText } from '../../i18n/errors';
import { isStrongPassword, MIN_PASSWORD_LENGTH } from '../../lib/validation';
import { useResetPassword } from './passwordReset';

/** The first problem with a new password, as a passwordReset.errors key, or null. */
export function resetProblem(password: string, confirm: string): string | null {
  if (!password || !confirm) return 'required';
  if (password.length < MIN_PASSWORD_LENGTH) return 'passwordLength';
  if (!isStrongPassword(password)) return 'passwordStrength';
  if (password !== confirm) return 'passwordMismatch';
  return null;
}

/** /reset-password?token=...: sets a new password with the e-mailed link, then goes to /login. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useFleetingState<string>();
  const reset = useResetPassword();
  const badLink = !token || (isApiError(reset.error) && reset.error.code === 'invalid_token');
  useDocumentTitle(t('passwordReset.resetTitle'));

  useEffect(() => {
    if (!reset.isSuccess) return;
    const id = window.setTimeout(() => navigate('/login', { replace: true }), 2000);
    return () => window.clearTimeout(id);
  }, [reset.isSuccess, navigate]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = resetProblem(password, confirm);
    if (problem) {
      setError(t(`passwordReset.errors.${problem}`));
      return;
    }
    setError(null);
    reset.mutate(
      { token, password, confirmPassword: confirm },
      { onError: (err) => setError(errorText(t, err, 'account:passwordReset.errors.failed')) },
    );
  }

  const notice = (color: 'red' | 'green', text: string) => (
    <Callout.Root color={color} role={color === 'red' ? 'alert' : 'status'}>
      <Callout.Icon>{color === 'red' ? <ExclamationTriangleIcon /> : <CheckCircledIcon />}</Callout.Icon>
      <Callout.Text>{text}</Callout.Text>
    </Callout.Root>
  );

  return (
    <PasswordFormCard title={t('passwordReset.resetTitle')} onSubmit={submit}>
      {reset.isSuccess && notice('green', t('passwordReset.done'))}
      {badLink && !reset.isSuccess && (
        <>
          {notice('red', t('passwordReset.errors.invalidToken'))}
          <Button asChild size="3" variant="soft">
            <Link to="/forgot-password">{t('passwordReset.requestNew')}</Link>
          </Button>
        </>
      )}
      {!badLink && !reset.isSuccess && (
        <>
          {error && notice('red', error)}
          <FormField
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            hint={t('register.passwordHint')}
            disabled={reset.isPending}
            required
          />
          <FormField
            label={t('fields.confirmNewPassword')}
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            disabled={reset.isPending}
            required
          />
          <Button type="submit" size="3" loading={reset.isPending}>
            {t('passwordReset.save')}
          </Button>
        </>
      )}
    </PasswordFormCard>
  );
}
