import { useState } from 'react';
import { Box, Button, Card, Container, Flex, Grid, Heading, Separator } from '@radix-ui/themes';
import { ChevronDownIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { User, UserAnswer } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { FormField } from '../../components/FormField';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { Notice } from '../../components/ErrorCallout';
import { useFleetingState } from '../../components/useFleetingState';
import { errorText } from '../../i18n/errors';
import { useForm } from '../../lib/form';
import { AddressBook } from '../addresses/AddressBook';
import { shippingMethodsQuery } from '../../api/shipping';
import { NewPasswordFields } from './NewPasswordFields';
import { ProfileAccountCard } from './ProfileAccountCard';
import { emailChanged, profilePayload, profileRules, type ProfileForm } from './profileValidation';

export default function ProfilePage() {
  const { user } = useAuth();
  // The route guard waits for the user; the form starts from the loaded profile.
  if (!user) return <FullPageSpinner />;
  return <ProfileScreen key={user.id} user={user} />;
}

function ProfileScreen({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { setUser } = useAuth();
  const [showPassword, setShowPassword] = useState(false);
  const homeCountry = useQuery(shippingMethodsQuery('', 0)).data?.homeCountry ?? '';
  const form = useForm<ProfileForm>({
    initial: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
      companyName: user.companyName ?? '',
      taxId: user.taxId ?? '',
    },
    // A new e-mail needs the current password (the server ends the other sessions).
    rules: (f) => profileRules(f, showPassword, emailChanged(f, user.email ?? '')),
    message: (key) => t(`profile.errors.${key}`),
    inline: false,
  });
  const changingEmail = emailChanged(form.values, user.email ?? '');
  const [notice, setNotice] = useFleetingState<{ kind: 'success' | 'error'; text: string }>();
  const save = useMutation({
    mutationFn: (payload: ReturnType<typeof profilePayload>) => api.put<UserAnswer>('/auth/profile', payload),
    onSuccess: (res) => {
      setUser(res.user, { token: res.token, refreshToken: res.refreshToken });
      form.reset({ ...form.values, email: res.user.email ?? form.values.email, currentPassword: '', newPassword: '', confirmPassword: '' });
      setNotice({ kind: 'success', text: t('profile.updated') });
    },
    onError: (err) => {
      const text = errorText(t, err, 'account:profile.errors.updateFailed');
      form.serverFailed(err, text);
      setNotice({ kind: 'error', text });
    },
  });

  const submit = form.handleSubmit(
    (values) => {
      setNotice(null);
      save.mutate(profilePayload(values, showPassword, changingEmail));
    },
    (_, first) => setNotice({ kind: 'error', text: first }),
  );
  // One current-password field: under the e-mail for a new address, or in the password section.
  const currentPassword = (
    <FormField
      label={t('fields.currentPassword')}
      type="password"
      autoComplete="current-password"
      hint={showPassword ? undefined : t('profile.emailPasswordHint')}
      {...form.field('currentPassword')}
    />
  );

  return (
    <Container size="4" px={{ initial: '3', sm: '5' }} py="5">
      <Heading as="h1" size="7" mb="4">
        {t('profile.title')}
      </Heading>
      <Grid columns={{ initial: '1', md: '3' }} gap="5">
        <Box gridColumn={{ md: 'span 2' }}>
          <Card size="3">
            <form onSubmit={submit} noValidate>
              <Flex direction="column" gap="4">
                <Heading as="h2" size="4">
                  {t('profile.info')}
                </Heading>
                <Notice kind={notice?.kind ?? 'error'} message={notice?.text} />
                <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                  <FormField label={t('fields.firstName')} required autoComplete="given-name" {...form.field('firstName')} />
                  <FormField label={t('fields.lastName')} required autoComplete="family-name" {...form.field('lastName')} />
                </Grid>
                <FormField label={t('fields.email')} type="email" required autoComplete="email" {...form.field('email')} />
                {changingEmail && !showPassword && currentPassword}
                <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                  <FormField label={t('fields.companyName')} autoComplete="organization" {...form.field('companyName')} />
                  <FormField label={t('fields.taxId')} hint={t('profile.taxIdHint')} autoComplete="off" {...form.field('taxId')} />
                </Grid>
                <Separator size="4" />
                <Button
                  type="button"
                  variant="ghost"
                  aria-expanded={showPassword}
                  aria-controls="password-section"
                  onClick={() => setShowPassword((s) => !s)}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {showPassword ? <ChevronDownIcon /> : <ChevronRightIcon />}
                  {t('profile.changePassword')}
                </Button>
                {showPassword && (
                  <Flex direction="column" gap="4" id="password-section">
                    {currentPassword}
                    <NewPasswordFields form={form} names={['newPassword', 'confirmPassword']} change />
                  </Flex>
                )}
                <Button type="submit" size="3" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
                  {t('profile.save')}
                </Button>
              </Flex>
            </form>
          </Card>
        </Box>
        <ProfileAccountCard user={user} />
      </Grid>
      <Box mt="5">
        <AddressBook homeCountry={homeCountry} />
      </Box>
    </Container>
  );
}
