import { useEffect, useState, type FormEvent } from 'react';
import { Button, Callout, Card, Container, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { CheckCircledIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api, isApiError } from '../../api/client';
import { FormField } from '../../components/FormField';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useFleetingState } from '../../components/useFleetingState';
import { uiLanguage } from '../../i18n/current';
import { errorText } from '../../i18n/errors';
import { MIN_PASSWORD_LENGTH, isEmail, isStrongPassword } from '../../lib/validation';

export const REDIRECT_AFTER_REGISTER_MS = 2000;

type AccountField = 'email' | 'password' | 'confirmPassword';
const ACCOUNT_FIELDS: AccountField[] = ['email', 'password', 'confirmPassword'];

/**
 * Step 0 (account details) check, before step 1 is shown: the summary's translation key (null
 * when all is well) and a key per field that is wrong. The rules are the server's (spec
 * section 5): an e-mail address, a password of at least 6 with upper, lower and digit.
 */
export function validateAccountStep(email: string, password: string, confirm: string) {
  const fields: Partial<Record<AccountField, string>> = {};
  if (!email.trim()) fields.email = 'registerChecks.required';
  else if (!isEmail(email)) fields.email = 'registerChecks.emailFormat';
  if (!password) fields.password = 'registerChecks.required';
  else if (password.length < MIN_PASSWORD_LENGTH) fields.password = 'register.errors.passwordLength';
  else if (!isStrongPassword(password)) fields.password = 'registerChecks.passwordRule';
  if (!confirm) fields.confirmPassword = 'registerChecks.required';
  else if (password !== confirm) fields.confirmPassword = 'register.errors.passwordMismatch';
  const blank = Object.values(fields).includes('registerChecks.required');
  const first = ACCOUNT_FIELDS.map((f) => fields[f]).find(Boolean);
  return { summary: blank ? 'register.errors.required' : (first ?? null), fields };
}

export default function RegisterPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [step, setStep] = useState<0 | 1>(0);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [error, setError] = useFleetingState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const register = useMutation({
    mutationFn: () =>
      api.post('/auth/register', {
        email: email.trim().toLowerCase(),
        password,
        confirmPassword: confirm,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        language: uiLanguage(),
      }),
    onError: (err) => {
      const text = errorText(t, err, 'account:register.errors.failed');
      setError(text);
      // A field the server rejects is marked on the step that has it; a taken e-mail is the
      // e-mail field's error.
      const errs: Record<string, string> = { ...(isApiError(err) ? err.errors : undefined) };
      if (isApiError(err) && err.code === 'email_taken') errs.email = text;
      setFieldErrors(errs);
      if (ACCOUNT_FIELDS.some((f) => errs[f])) setStep(0);
    },
  });
  const busy = register.isPending;
  const done = register.isSuccess;
  useDocumentTitle(t('register.title'));

  useEffect(() => {
    if (!done) return;
    // The login page starts with the new account's e-mail filled in.
    const id = window.setTimeout(() => navigate('/login', { state: { email: email.trim().toLowerCase() } }), REDIRECT_AFTER_REGISTER_MS);
    return () => window.clearTimeout(id);
  }, [done, navigate, email]);

  function next(e: FormEvent) {
    e.preventDefault();
    const { summary, fields } = validateAccountStep(email, password, confirm);
    setError(summary ? t(summary) : null);
    setFieldErrors(Object.fromEntries(Object.entries(fields).map(([f, key]) => [f, t(key)])));
    if (!summary) setStep(1);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!firstName.trim() || !lastName.trim()) {
      setError(t('register.errors.nameRequired'));
      return;
    }
    setError(null);
    setFieldErrors({});
    register.mutate();
  }

  const steps = [t('register.steps.account'), t('register.steps.personal')];
  return (
    <Container size="1" px="4" py="7">
      <Card size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            {t('register.title')}
          </Heading>
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
            <Callout.Root color="green" role="status">
              <Callout.Icon>
                <CheckCircledIcon />
              </Callout.Icon>
              <Callout.Text>{t('register.success')}</Callout.Text>
            </Callout.Root>
          ) : (
            <>
              {error && (
                <Callout.Root color="red" role="alert">
                  <Callout.Icon>
                    <ExclamationTriangleIcon />
                  </Callout.Icon>
                  <Callout.Text>{error}</Callout.Text>
                </Callout.Root>
              )}
              {step === 0 ? (
                <form onSubmit={next} noValidate>
                  <Flex direction="column" gap="4">
                    <FormField
                      label={t('fields.email')}
                      type="email"
                      autoComplete="email"
                      value={email}
                      onChange={setEmail}
                      required
                      error={fieldErrors.email}
                    />
                    <FormField
                      label={t('fields.password')}
                      type="password"
                      autoComplete="new-password"
                      value={password}
                      onChange={setPassword}
                      required
                      hint={t('register.passwordHint')}
                      error={fieldErrors.password}
                    />
                    <FormField
                      label={t('fields.confirmPassword')}
                      type="password"
                      autoComplete="new-password"
                      value={confirm}
                      onChange={setConfirm}
                      required
                      error={fieldErrors.confirmPassword}
                    />
                    <Button type="submit" size="3">
                      {t('register.next')}
                    </Button>
                  </Flex>
                </form>
              ) : (
                <form onSubmit={submit} noValidate>
                  <Flex direction="column" gap="4">
                    <FormField
                      label={t('fields.firstName')}
                      autoComplete="given-name"
                      value={firstName}
                      onChange={setFirstName}
                      required
                      disabled={busy}
                      error={fieldErrors.firstName}
                    />
                    <FormField
                      label={t('fields.lastName')}
                      autoComplete="family-name"
                      value={lastName}
                      onChange={setLastName}
                      required
                      disabled={busy}
                      error={fieldErrors.lastName}
                    />
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
          <Text size="2" align="center">
            {t('register.haveAccount')}{' '}
            <ThemeLink asChild underline="always">
              <Link to="/login">{t('register.loginLink')}</Link>
            </ThemeLink>
          </Text>
        </Flex>
      </Card>
    </Container>
  );
}
