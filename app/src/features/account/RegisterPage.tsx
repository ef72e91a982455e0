import { useEffect, useState } from 'react';
import { Button, Flex, Link as ThemeLink, Text } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { FormField } from '../../components/FormField';
import { useFleetingState } from '../../components/useFleetingState';
import { uiLanguage } from '../../i18n/current';
import { errorText } from '../../i18n/errors';
import { useForm } from '../../lib/form';
import { ACCOUNT_FIELDS, accountRules, accountSummary, personalRules, type AccountValues } from './registerValidation';
import { ErrorCallout, Notice } from '../../components/ErrorCallout';
import { AuthCard } from './AuthCard';
import { NewPasswordFields } from './NewPasswordFields';
import { fromCheckout, type AuthState } from './authReturn';
import { CheckoutReason } from './CheckoutReason';

const REDIRECT_AFTER_REGISTER_MS = 2000;

export default function RegisterPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  // Where the shopper was going (checkout): kept through /login after the account is made.
  const from = (useLocation().state as AuthState | null)?.from;
  const [step, setStep] = useState<0 | 1>(0);
  const account = useForm<AccountValues>({ initial: { email: '', password: '', confirmPassword: '' }, rules: accountRules, message: t });
  const personal = useForm({ initial: { firstName: '', lastName: '' }, rules: personalRules, message: t, inline: false });
  const [error, setError] = useFleetingState<string>();
  const email = account.values.email.trim().toLowerCase();
  const register = useMutation({
    mutationFn: () =>
      api.post('/auth/register', {
        ...account.values,
        email,
        firstName: personal.values.firstName.trim(),
        lastName: personal.values.lastName.trim(),
        language: uiLanguage(),
      }),
    onError: (err) => {
      const text = errorText(t, err, 'account:register.errors.failed');
      setError(text);
      // A field the server rejects is marked on the step that has it (a taken e-mail on the e-mail field).
      const errors = account.serverFailed(err, text);
      personal.serverFailed(err, text);
      if (ACCOUNT_FIELDS.some((f) => errors[f])) setStep(0);
    },
  });
  const busy = register.isPending;
  const done = register.isSuccess;

  useEffect(() => {
    if (!done) return;
    // The login page starts with the new account's e-mail filled in, and still returns to `from`.
    const state: AuthState = { email, from };
    const id = window.setTimeout(() => navigate('/login', { state }), REDIRECT_AFTER_REGISTER_MS);
    return () => window.clearTimeout(id);
  }, [done, navigate, email, from]);

  // Step 2 opens with the focus in its first field (not on the page, where Tab would skip it).
  useEffect(() => {
    if (step === 1) document.getElementById('register-firstName')?.focus();
  }, [step]);

  const next = account.handleSubmit(
    () => {
      setError(null);
      setStep(1);
    },
    (problems) => setError(t(accountSummary(problems))),
  );
  const submit = personal.handleSubmit(
    () => {
      setError(null);
      register.mutate();
    },
    (_, first) => setError(first),
  );

  const steps = [t('register.steps.account'), t('register.steps.personal')];
  const footer = (
    <Text size="2" align="center">
      {t('register.haveAccount')}{' '}
      <ThemeLink asChild underline="always">
        <Link to="/login" state={from ? { from } : null}>
          {t('register.loginLink')}
        </Link>
      </ThemeLink>
    </Text>
  );
  return (
    <AuthCard title={t('register.title')} footer={footer}>
      {fromCheckout({ from }) && <CheckoutReason state={{ from }} register={false} />}
      <ol className="plain-list" style={{ display: 'flex', gap: 16 }} aria-label={t('register.progress')}>
        {steps.map((label, i) => (
          <li key={label} aria-current={i === step ? 'step' : undefined}>
            <Text size="2" weight={i === step ? 'bold' : 'regular'} color={i === step ? 'indigo' : 'gray'}>
              {i + 1}. {label}
            </Text>
          </li>
        ))}
      </ol>
      {done ? (
        <Notice kind="success" message={t('register.success')} />
      ) : (
        <>
          <ErrorCallout message={error} />
          {step === 0 ? (
            <form onSubmit={next} noValidate>
              <Flex direction="column" gap="4">
                <FormField label={t('fields.email')} type="email" autoComplete="email" required {...account.field('email')} />
                <NewPasswordFields form={account} names={['password', 'confirmPassword']} required />
                <Button type="submit" size="3">
                  {t('register.next')}
                </Button>
              </Flex>
            </form>
          ) : (
            <form onSubmit={submit} noValidate>
              <Flex direction="column" gap="4">
                <FormField id="register-firstName" label={t('fields.firstName')} autoComplete="given-name" required disabled={busy} {...personal.field('firstName')} />
                <FormField label={t('fields.lastName')} autoComplete="family-name" required disabled={busy} {...personal.field('lastName')} />
                <Flex gap="3" justify="between">
                  <Button
                    type="button"
                    variant="soft"
                    size="3"
                    disabled={busy}
                    onClick={() => {
                      setError(null);
                      setStep(0);
                    }}
                  >
                    {t('register.back')}
                  </Button>
                  <Button type="submit" size="3" loading={busy}>
                    {t('register.submit')}
                  </Button>
                </Flex>
              </Flex>
            </form>
          )}
        </>
      )}
    </AuthCard>
  );
}
