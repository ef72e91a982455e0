import { Button, Flex, Link as ThemeLink, Text } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { api } from '../../api/client';
import { useAuth } from '../../auth/AuthContext';
import { ErrorCallout } from '../../components/ErrorCallout';
import { FormField } from '../../components/FormField';
import { useFleetingState } from '../../components/useFleetingState';
import { uiLanguage } from '../../i18n/current';
import { errorText } from '../../i18n/errors';
import { useForm, type Problems } from '../../lib/form';
import { AuthCard } from './AuthCard';
import { CheckoutReason } from './CheckoutReason';
import { accountRules, accountSummary, personalRules } from './registerValidation';

interface Values {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The register page's rules, with the one password typed once (the checkout asks for it once). */
function rules(v: Values): Problems {
  return { ...accountRules({ email: v.email, password: v.password, confirmPassword: v.password }), ...personalRules(v) };
}

/**
 * The account step of checkout (issue 44): a signed-out shopper makes the account on the checkout
 * page itself, one form and one button, and is signed in at once; the checkout goes on to
 * Shipping with the cart (the guest cart merges at sign-in) and the name and e-mail filled in.
 * Orders stay tied to accounts (the spec); /register keeps its own two steps.
 */
export function CheckoutAccount() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const { login } = useAuth();
  const form = useForm<Values>({ initial: { email: '', password: '', firstName: '', lastName: '' }, rules, message: t });
  const [error, setError] = useFleetingState<string>();
  const create = useMutation({
    mutationFn: async () => {
      const v = form.values;
      const email = v.email.trim().toLowerCase();
      await api.post('/auth/register', {
        email, password: v.password, confirmPassword: v.password,
        firstName: v.firstName.trim(), lastName: v.lastName.trim(), language: uiLanguage(),
      });
      return login(email, v.password);
    },
    onError: (err) => {
      const text = errorText(t, err, 'account:register.errors.failed');
      setError(text);
      form.serverFailed(err, text);
    },
  });
  const submit = form.handleSubmit(
    () => {
      setError(null);
      create.mutate();
    },
    (problems) => setError(t(accountSummary(problems) ?? 'register.errors.required')),
  );
  const busy = create.isPending || create.isSuccess;
  // Signing in from here comes back to this same address (the checkout, in this language).
  const signIn = (
    <Text size="2" align="center">
      {t('register.haveAccount')}{' '}
      <ThemeLink asChild underline="always">
        <Link to="/login" state={{ from: location }} data-testid="checkout-sign-in">
          {t('checkoutAccount.signIn')}
        </Link>
      </ThemeLink>
    </Text>
  );
  return (
    <AuthCard title={t('checkoutAccount.title')} footer={signIn}>
      <CheckoutReason state={{ from: location }} register={false} title={t('checkoutAccount.intro')} />
      <ErrorCallout message={error} />
      <form onSubmit={submit} noValidate data-testid="checkout-account">
        <Flex direction="column" gap="4">
          <Flex gap="3" direction={{ initial: 'column', xs: 'row' }}>
            <FormField id="checkout-firstName" label={t('fields.firstName')} autoComplete="given-name" required disabled={busy} {...form.field('firstName')} />
            <FormField id="checkout-lastName" label={t('fields.lastName')} autoComplete="family-name" required disabled={busy} {...form.field('lastName')} />
          </Flex>
          <FormField id="checkout-email" label={t('fields.email')} type="email" autoComplete="email" required disabled={busy} {...form.field('email')} />
          <FormField
            id="checkout-password"
            label={t('fields.password')}
            hint={t('register.passwordHint')}
            type="password"
            autoComplete="new-password"
            required
            disabled={busy}
            {...form.field('password')}
          />
          <Button type="submit" size="3" loading={busy}>
            {t('checkoutAccount.submit')}
          </Button>
        </Flex>
      </form>
    </AuthCard>
  );
}
