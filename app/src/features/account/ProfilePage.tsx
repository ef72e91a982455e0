import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Callout, Card, Container, DataList, Flex, Grid, Heading, Separator, Text } from '@radix-ui/themes';
import { CheckCircledIcon, ChevronDownIcon, ChevronRightIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../api/client';
import type { User } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { FormField } from '../../components/FormField';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { UserAvatar } from '../../components/UserAvatar';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useFleetingState } from '../../components/useFleetingState';
import { errorText } from '../../i18n/errors';
import { formatDate } from '../../lib/format';
import { displayName } from '../../lib/user';
import { emailChanged, profilePayload, validateProfile, type ProfileForm } from './profileValidation';

interface ProfileResponse {
  message?: string;
  user: User;
  token?: string;
  refreshToken?: string;
}

export default function ProfilePage() {
  const { user } = useAuth();
  // The route guard waits for the user; the form starts from the loaded profile.
  if (!user) return <FullPageSpinner />;
  return <ProfileScreen key={user.id} user={user} />;
}

function ProfileScreen({ user }: { user: User }) {
  const { t, i18n } = useTranslation('account');
  const { isAdmin, setUser } = useAuth();
  const [form, setForm] = useState<ProfileForm>({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [showPassword, setShowPassword] = useState(false);
  const [notice, setNotice] = useFleetingState<{ kind: 'success' | 'error'; text: string }>();
  const save = useMutation({
    mutationFn: (payload: ReturnType<typeof profilePayload>) => api.put<ProfileResponse>('/auth/profile', payload),
    onSuccess: (res) => {
      setUser(res.user, { token: res.token, refreshToken: res.refreshToken });
      setForm((f) => ({ ...f, email: res.user.email ?? f.email, currentPassword: '', newPassword: '', confirmPassword: '' }));
      setNotice({ kind: 'success', text: t('profile.updated') });
    },
    onError: (err) => setNotice({ kind: 'error', text: errorText(t, err, 'account:profile.errors.updateFailed') }),
  });
  const fieldErrors: Record<string, string> = (isApiError(save.error) && save.error.errors) || {};
  useDocumentTitle(t('profile.title'));

  const set = (key: keyof ProfileForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  // A new e-mail needs the current password (the server ends the other sessions).
  const changingEmail = emailChanged(form, user.email ?? '');

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateProfile(form, showPassword, changingEmail);
    if (problem) {
      setNotice({ kind: 'error', text: t(`profile.errors.${problem}`) });
      return;
    }
    setNotice(null);
    save.mutate(profilePayload(form, showPassword, changingEmail));
  }

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
                {notice && (
                  <Callout.Root color={notice.kind === 'success' ? 'green' : 'red'} role={notice.kind === 'error' ? 'alert' : 'status'}>
                    <Callout.Icon>{notice.kind === 'success' ? <CheckCircledIcon /> : <ExclamationTriangleIcon />}</Callout.Icon>
                    <Callout.Text>{notice.text}</Callout.Text>
                  </Callout.Root>
                )}
                <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                  <FormField label={t('fields.firstName')} value={form.firstName} onChange={set('firstName')} required autoComplete="given-name" error={fieldErrors.firstName} />
                  <FormField label={t('fields.lastName')} value={form.lastName} onChange={set('lastName')} required autoComplete="family-name" error={fieldErrors.lastName} />
                </Grid>
                <FormField label={t('fields.email')} type="email" value={form.email} onChange={set('email')} required autoComplete="email" error={fieldErrors.email} />
                {changingEmail && !showPassword && (
                  <FormField
                    label={t('fields.currentPassword')}
                    type="password"
                    autoComplete="current-password"
                    value={form.currentPassword}
                    onChange={set('currentPassword')}
                    hint={t('profile.emailPasswordHint')}
                    error={fieldErrors.currentPassword}
                  />
                )}
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
                    <FormField
                      label={t('fields.currentPassword')}
                      type="password"
                      autoComplete="current-password"
                      value={form.currentPassword}
                      onChange={set('currentPassword')}
                      error={fieldErrors.currentPassword}
                    />
                    <FormField
                      label={t('fields.newPassword')}
                      type="password"
                      autoComplete="new-password"
                      value={form.newPassword}
                      onChange={set('newPassword')}
                      hint={t('register.passwordHint')}
                      error={fieldErrors.newPassword}
                    />
                    <FormField
                      label={t('fields.confirmNewPassword')}
                      type="password"
                      autoComplete="new-password"
                      value={form.confirmPassword}
                      onChange={set('confirmPassword')}
                      error={fieldErrors.confirmPassword}
                    />
                  </Flex>
                )}
                <Button type="submit" size="3" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
                  {t('profile.save')}
                </Button>
              </Flex>
            </form>
          </Card>
        </Box>
        <Card size="3">
          <Flex direction="column" align="center" gap="2" mb="4">
            <UserAvatar user={user} size="6" />
            <Text weight="bold" size="4">
              {displayName(user, t('common:user.fallbackName'))}
            </Text>
            <Text size="2" color="gray">
              {user.email}
            </Text>
            {isAdmin && (
              <Badge color="amber" variant="soft">
                {t('common:user.adminBadge')}
              </Badge>
            )}
          </Flex>
          <Heading as="h2" size="3" mb="3">
            {t('profile.accountDetails')}
          </Heading>
          <DataList.Root orientation="vertical">
            <DataList.Item>
              <DataList.Label>{t('profile.memberSince')}</DataList.Label>
              <DataList.Value>{formatDate(user.createdAt, i18n.language)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('profile.lastLogin')}</DataList.Label>
              <DataList.Value>{formatDate(user.lastLoginAt, i18n.language, true)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('profile.roles')}</DataList.Label>
              <DataList.Value>
                <Flex gap="1" wrap="wrap">
                  {(user.roles ?? []).map((r) => (
                    <Badge key={r} variant="soft">
                      {t(`common:roles.${r}`, r)}
                    </Badge>
                  ))}
                </Flex>
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Card>
      </Grid>
    </Container>
  );
}
