import { useEffect } from 'react';
import { Button } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../api/client';
import { Notice } from '../../components/ErrorCallout';
import { NewPasswordFields } from './NewPasswordFields';
import { PasswordFormCard } from './PasswordFormCard';
import { useFleetingState } from '../../components/useFleetingState';
import { errorText } from '../../i18n/errors';
import { useForm, type Problems } from '../../lib/form';
import { isStrongPassword, MIN_PASSWORD_LENGTH } from '../../lib/validation';
import { useResetPassword } from './passwordReset';
import { afterReset, forgetAfterReset } from './authReturn';

/** The first problem with a new password, as a passwordReset.errors key, or null. */
export function resetProblem(password: string, confirm: string): string | null {
  if (!password || !confirm) return 'required';
  if (password.length < MIN_PASSWORD_LENGTH) return 'passwordLength';
  if (!isStrongPassword(password)) return 'passwordStrength';
  if (password !== confirm) return 'passwordMismatch';
  return null;
}

/** The reset form's rules, the first problem first (a summary shows it). */
function resetRules(v: { password: string; confirmPassword: string }): Problems {
  const problem = resetProblem(v.password, v.confirmPassword);
  if (!problem) return {};
  return { [problem === 'passwordMismatch' ? 'confirmPassword' : 'password']: `passwordReset.errors.${problem}` };
}

/** /reset-password?token=...: sets a new password with the e-mailed link, then goes to /login. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({ initial: { password: '', confirmPassword: '' }, rules: resetRules, message: t, inline: false });
  const [error, setError] = useFleetingState<string>();
  const reset = useResetPassword();
  const badLink = !token || (isApiError(reset.error) && reset.error.code === 'invalid_token');

  useEffect(() => {
    if (!reset.isSuccess) return;
    // Signing in with the new password fills in the e-mail and returns where the shopper was going.
    const id = window.setTimeout(() => {
      const state = afterReset();
      forgetAfterReset();
      navigate('/login', { replace: true, state });
    }, 2000);
    return () => window.clearTimeout(id);
  }, [reset.isSuccess, navigate]);

  const submit = form.handleSubmit(
    (values) => {
      setError(null);
      reset.mutate({ token, ...values }, { onError: (err) => setError(errorText(t, err, 'account:passwordReset.errors.failed')) });
    },
    (_, first) => setError(first),
  );

  return (
    <PasswordFormCard title={t('passwordReset.resetTitle')} onSubmit={submit}>
      {reset.isSuccess && <Notice kind="success" message={t('passwordReset.done')} />}
      {badLink && !reset.isSuccess && (
        <>
          <Notice kind="error" message={t('passwordReset.errors.invalidToken')} />
          <Button asChild size="3" variant="soft">
            <Link to="/forgot-password">{t('passwordReset.requestNew')}</Link>
          </Button>
        </>
      )}
      {!badLink && !reset.isSuccess && (
        <>
          <Notice kind="error" message={error} />
          <NewPasswordFields form={form} names={['password', 'confirmPassword']} change required disabled={reset.isPending} />
          <Button type="submit" size="3" loading={reset.isPending}>
            {t('passwordReset.save')}
          </Button>
        </>
      )}
    </PasswordFormCard>
  );
}
