import { Box, Button, Flex, Spinner, Text } from '@radix-ui/themes';
import { PlusIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShippingSettings } from '../../../api/types';
import { CountrySelect } from '../../../components/AddressSelects';
import { Notice } from '../../../components/ErrorCallout';
import { TOAST_LONG, useToast } from '../../../components/Toast';
import { useForm } from '../../../lib/form';
import { LoadError } from '../components/LoadError';
import { fromSettings, newZone, shippingRules, toPayload, type ShippingDraft, type ZoneDraft } from './draft';
import { adminShippingQuery, useSaveShipping } from './shippingApi';
import { ZoneCard } from './ZoneCard';

/**
 * /admin/settings/shipping, a section of the settings area (its tab names it): the shop's zones,
 * their methods and the price of each by weight band.
 */
export function ShippingSettingsView() {
  const { t } = useTranslation('admin');
  const query = useQuery(adminShippingQuery());
  return (
    <Box>
      <Text as="p" size="2" color="gray" mb="4">
        {t('shipping.intro')}
      </Text>
      {query.isPending ? (
        <Spinner aria-label={t('loading')} />
      ) : query.isError ? (
        <LoadError message={t('shipping.loadError')} onRetry={() => void query.refetch()} />
      ) : (
        <ShippingForm key={query.dataUpdatedAt} initial={query.data} />
      )}
    </Box>
  );
}

function ShippingForm({ initial }: { initial: ShippingSettings }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const save = useSaveShipping();
  const form = useForm<ShippingDraft>({
    initial: () => fromSettings(initial),
    rules: shippingRules,
    message: (k) => t(`shipping.validation.${k}`),
  });
  const zones = form.values.zones;
  const setZone = (i: number, z: ZoneDraft) => form.set('zones', zones.map((old, j) => (j === i ? z : old)));
  const submit = form.handleSubmit((values) =>
    save.mutate(toPayload(values), {
      onSuccess: () => toast({ message: t('shipping.saved'), kind: 'success', duration: TOAST_LONG }),
      onError: (err) => form.serverFailed(err),
    }),
  );
  const homeError = form.error('homeCountry');
  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <Box maxWidth="360px">
          <CountrySelect
            id="homeCountry"
            label={t('shipping.homeCountry')}
            value={form.values.homeCountry}
            onChange={(v) => form.set('homeCountry', v)}
            error={homeError}
            required
            placeholder={t('shipping.chooseCountry')}
          />
        </Box>
        {zones.map((z, i) => (
          <ZoneCard key={z.key} zone={z} index={i} form={form} onChange={(next) => setZone(i, next)} onRemove={zones.length > 1 ? () => form.set('zones', zones.filter((_, j) => j !== i)) : undefined} />
        ))}
        {form.error('zones') && <Notice kind="error" message={form.error('zones')} />}
        <Flex gap="3" wrap="wrap" justify="between">
          <Button type="button" variant="soft" onClick={() => form.set('zones', [...zones, newZone()])}>
            <PlusIcon /> {t('shipping.addZone')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="save-shipping">
            {t('shipping.save')}
          </Button>
        </Flex>
        {save.isError && <Notice kind="error" message={t('shipping.saveError')} />}
      </Flex>
    </form>
  );
}
