import { useEffect } from 'react';
import { Button, Link as ThemeLink, Text } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { FormField } from '../../components/FormField';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useFleetingState } from '../../components/useFleetingState';
import { errorText } from '../../i18n/errors';
import { isBlank } from '../../lib/validation';
import { useForm, type Problems } from '../../lib/form';
import { isStaffUser } from '../../auth/permissions';
import { ErrorCallout } from '../../components/ErrorCallout';
import { AuthCard } from './AuthCard';
import { fromCheckout, returnTarget, type AuthState } from './authReturn';
import { CheckoutReason } from './CheckoutReason';

/** Both fields are needed (the summary says so; the server checks the rest). */
function loginRules(v: { email: string; password: string }): Problems {
  const problems: Problems = {};
  if (isBlank(v.email)) problems.email = 'login.errors.required';
  if (!v.password) problems.password = 'login.errors.required';
  return problems;
}

export default function LoginPage() {
  const { t } = useTranslation('account');
  const { login, status, isStaff } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as AuthState | null;
  const from = state?.from;
  // Just registered or reset the password: the account's e-mail is filled in.
  const form = useForm({ initial: { email: state?.email ?? '', password: '' }, rules: loginRules, message: t, inline: false });
  const [error, setError] = useFleetingState<string>();
  const signIn = useMutation({
    mutationFn: ({ email, password }: typeof form.values) => login(email, password),
    onSuccess: (user) => {
      const back = from?.pathname !== '/login' ? returnTarget(from) : null;
      const target = back ?? (isStaffUser(user) ? '/admin' : '/');
      navigate(target, { replace: true });
    },
    onError: (err) => setError(errorText(t, err, 'account:login.errors.failed')),
  });
  // Signed in by this form: it sends the user on itself.
  const busy = signIn.isPending || signIn.isSuccess;
  // The e-mail is known (a new account, a new password): the focus waits in the password field.
  const emailKnown = !!state?.email;
  const showForm = status === 'anonymous' || busy;
  useEffect(() => {
    if (emailKnown && showForm) document.getElementById('login-password')?.focus();
  }, [emailKnown, showForm]);

  const submit = form.handleSubmit(
    (values) => {
      setError(null);
      signIn.mutate(values);
    },
    () => setError(t('login.errors.required')),
  );

  // Already signed in (not by this form, which sends the user on itself): nothing to do here.
  if (status === 'loading' && !busy) return <FullPageSpinner />;
  if (status === 'authenticated' && !busy) return <Navigate to={isStaff ? '/admin' : '/'} replace />;

  const footer = (
    <Text size="2" align="center">
      {t('login.noAccount')}{' '}
      <ThemeLink asChild underline="always">
        <Link to="/register" state={from ? { from } : null} data-testid="register-link">
          {t('login.registerLink')}
        </Link>
      </ThemeLink>
    </Text>
  );
  return (
    <AuthCard title={t('login.title')} onSubmit={submit} footer={footer}>
      {fromCheckout(state) && <CheckoutReason state={state ?? {}} />}
      <ErrorCallout message={error} />
      <FormField label={t('fields.email')} type="email" autoComplete="email" disabled={busy} {...form.field('email')} />
      <FormField id="login-password" label={t('fields.password')} type="password" autoComplete="current-password" disabled={busy} {...form.field('password')} />
      <Text size="2" align="right">
        <ThemeLink asChild underline="always">
          <Link to="/forgot-password" state={{ from, email: form.values.email.trim() || state?.email } satisfies AuthState}>
            {t('passwordReset.forgotLink')}
          </Link>
        </ThemeLink>
      </Text>
      <Button type="submit" size="3" loading={busy}>
        {t('login.submit')}
      </Button>
    </AuthCard>
  );
}
