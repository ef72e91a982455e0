import { useState } from 'react';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { storeKeys } from '../../../api/queryKeys';
import type { Shop } from '../../../api/types';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { serverFieldErrors, type Problems } from '../../../lib/form';
import { storeQuery } from '../../../api/store';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';
import { ContactFields, HeroFields, IdentityFields } from './StoreFields';
import { SocialLinksEditor } from './SocialLinksEditor';
import { bodyOf, formOf, type StoreForm } from './storeForm';
import { SettingsSection } from './SettingsSection';

/** Settings > Store: the shop's name, logo, contact details, hours, home hero and social links. */
export function StoreSettings() {
  const { t } = useTranslation('admin');
  const query = useQuery({ ...storeQuery(), staleTime: 0 });
  if (query.isError) return <LoadError message={t('settings.loadFailed')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Text color="gray">{t('settings.loading')}</Text>;
  return <StoreEditor shop={query.data} />;
}

function StoreEditor({ shop }: { shop: Shop }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const client = useQueryClient();
  const [form, setForm] = useState<StoreForm>(() => formOf(shop));
  const [errors, setErrors] = useState<Problems>({});
  const set = (patch: Partial<StoreForm>) => setForm((f) => ({ ...f, ...patch }));
  const save = useMutation({
    mutationFn: () => api.put<Shop>('/admin/shop', bodyOf(form)),
    onSuccess: (saved) => {
      setErrors({});
      setForm(formOf(saved));
      client.setQueryData(storeKeys.details, saved);
      toast.success(t('settings.store.saved'), TOAST_LONG);
    },
    onError: (e) => {
      setErrors(serverFieldErrors(e));
      toast.error(failureText(t, e, 'settings.store.saveFailed'), TOAST_LONG);
    },
  });
  const props = { form, set, errors };
  return (
    <form
      noValidate
      aria-label={t('settings.store.title')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Flex direction="column" gap="4">
        <Text as="p" size="2" color="gray">
          {t('settings.store.intro')}
        </Text>
        <SettingsSection title={t('settings.store.identity')}>
          <IdentityFields {...props} />
        </SettingsSection>
        <SettingsSection title={t('settings.store.contact')}>
          <ContactFields {...props} />
        </SettingsSection>
        <SettingsSection title={t('settings.store.hero')}>
          <HeroFields {...props} />
        </SettingsSection>
        <SettingsSection title={t('settings.store.social')}>
          <SocialLinksEditor links={form.social} onChange={(social) => set({ social })} errors={errors} />
        </SettingsSection>
        <Flex justify="end">
          <Button type="submit" size="3" loading={save.isPending}>
            {t('settings.store.save')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
