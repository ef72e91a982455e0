import { ToggleField } from '../../../components/ToggleField';
import { Button, Card, Flex, Grid, Heading, IconButton, Switch, Text, TextField } from '@radix-ui/themes';
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Form } from '../../../lib/form';
import { describedBy, Field } from '../components/Field';
import { newMethod, type MethodDraft, type ShippingDraft, type ZoneDraft } from './draft';
import { MethodCard } from './MethodCard';

interface Props {
  zone: ZoneDraft;
  index: number;
  form: Form<ShippingDraft>;
  onChange: (zone: ZoneDraft) => void;
  onRemove?: () => void;
}

/** One zone: its name, its countries (or the rest of the world) and its methods. */
export function ZoneCard({ zone, index, form, onChange, onRemove }: Props) {
  const { t } = useTranslation('admin');
  const p = `zones.${index}`;
  const set = (patch: Partial<ZoneDraft>) => onChange({ ...zone, ...patch });
  const setMethod = (j: number, m: MethodDraft) => set({ methods: zone.methods.map((old, k) => (k === j ? m : old)) });
  const countriesError = form.error(`${p}.countries`) ?? countryErrors(form, p, zone);
  return (
    <Card size="2" data-testid={`zone-${index}`}>
      <Flex justify="between" align="center" mb="3" gap="2">
        <Heading as="h3" size="4">
          {zone.name.trim() || t('shipping.zone', { n: index + 1 })}
        </Heading>
        {onRemove && (
          <IconButton type="button" variant="ghost" color="red" onClick={onRemove} aria-label={t('shipping.removeZone', { name: zone.name || index + 1 })}>
            <TrashIcon />
          </IconButton>
        )}
      </Flex>
      <Grid columns={{ initial: '1', sm: '2' }} gap="3" mb="3">
        <Field id={`${p}.name`} label={t('shipping.zoneName')} required error={form.error(`${p}.name`) ?? form.error(`${p}.id`)}>
          <TextField.Root id={`${p}.name`} value={zone.name} onChange={(e) => set({ name: e.target.value })} {...describedBy(`${p}.name`, form.error(`${p}.name`))} />
        </Field>
        <Field id={`${p}.countries`} label={t('shipping.countries')} error={countriesError} hint={t('shipping.countriesHint')}>
          <TextField.Root
            id={`${p}.countries`}
            value={zone.restOfWorld ? '' : zone.countries}
            disabled={zone.restOfWorld}
            placeholder={zone.restOfWorld ? t('shipping.restOfWorld') : 'US, CA'}
            onChange={(e) => set({ countries: e.target.value })}
            {...describedBy(`${p}.countries`, countriesError, t('shipping.countriesHint'))}
          />
        </Field>
        <ToggleField label={t('shipping.restOfWorldSwitch')} control={(id) => <Switch id={id} checked={zone.restOfWorld} onCheckedChange={(restOfWorld) => set({ restOfWorld })} />} />
      </Grid>
      <Flex direction="column" gap="3">
        {zone.methods.map((m, j) => (
          <MethodCard
            key={m.key}
            method={m}
            path={`${p}.methods.${j}`}
            form={form}
            onChange={(next) => setMethod(j, next)}
            onRemove={zone.methods.length > 1 ? () => set({ methods: zone.methods.filter((_, k) => k !== j) }) : undefined}
          />
        ))}
        {form.error(`${p}.methods`) && (
          <Text size="1" color="red" role="alert">
            {form.error(`${p}.methods`)}
          </Text>
        )}
        <Button type="button" variant="soft" size="1" onClick={() => set({ methods: [...zone.methods, newMethod()] })} style={{ alignSelf: 'start' }}>
          <PlusIcon /> {t('shipping.addMethod')}
        </Button>
      </Flex>
    </Card>
  );
}

/** The server's errors on single countries ("XX is not a country"), joined under the countries field. */
function countryErrors(form: Form<ShippingDraft>, p: string, zone: ZoneDraft): string | undefined {
  const list = zone.countries.split(/[\s,;]+/).filter(Boolean);
  const errors = list.map((_, i) => form.error(`${p}.countries.${i}`)).filter(Boolean);
  return errors.length ? errors.join(' ') : undefined;
}
