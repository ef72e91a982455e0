import { ToggleField } from '../../../components/ToggleField';
import { Box, Button, Card, Checkbox, Flex, Grid, IconButton, Text, TextField } from '@radix-ui/themes';
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Form } from '../../../lib/form';
import { describedBy, Field } from '../components/Field';
import { newBand, type BandDraft, type MethodDraft, type ShippingDraft } from './draft';

interface Props {
  method: MethodDraft;
  path: string;
  form: Form<ShippingDraft>;
  onChange: (m: MethodDraft) => void;
  onRemove?: () => void;
}

const LANGS = ['en', 'ru', 'zh'] as const;

/** One method of a zone: code, names, delivery time, free-over amount and its price by weight band. */
export function MethodCard({ method, path, form, onChange, onRemove }: Props) {
  const { t } = useTranslation('admin');
  const set = (patch: Partial<MethodDraft>) => onChange({ ...method, ...patch });
  const input = (id: string, value: string, onValue: (v: string) => void, extra: object = {}) => (
    <TextField.Root id={id} value={value} onChange={(e) => onValue(e.target.value)} onBlur={() => form.touch(id)} {...describedBy(id, form.error(id))} {...extra} />
  );
  return (
    <Card variant="surface" data-testid={`method-${method.code || method.key}`}>
      <Flex justify="between" align="center" mb="2" gap="2">
        <Text weight="bold">{method.name.en.trim() || t('shipping.newMethod')}</Text>
        {onRemove && (
          <IconButton type="button" variant="ghost" color="red" onClick={onRemove} aria-label={t('shipping.removeMethod', { name: method.name.en || method.code })}>
            <TrashIcon />
          </IconButton>
        )}
      </Flex>
      <Grid columns={{ initial: '1', sm: '3' }} gap="3" mb="3">
        <Field id={`${path}.code`} label={t('shipping.code')} required error={form.error(`${path}.code`)} hint={t('shipping.codeHint')}>
          {input(`${path}.code`, method.code, (code) => set({ code }))}
        </Field>
        <Field id={`${path}.deliveryDays`} label={t('shipping.deliveryDays')} error={form.error(`${path}.deliveryDays`)} hint={t('shipping.deliveryDaysHint')}>
          {input(`${path}.deliveryDays`, method.deliveryDays, (deliveryDays) => set({ deliveryDays }))}
        </Field>
        <Field id={`${path}.freeOver`} label={t('shipping.freeOver')} error={form.error(`${path}.freeOver`)} hint={t('shipping.freeOverHint')}>
          {input(`${path}.freeOver`, method.freeOver, (freeOver) => set({ freeOver }), { inputMode: 'decimal' })}
        </Field>
        {LANGS.map((l) => (
          <Field key={l} id={`${path}.name.${l}`} label={t(`shipping.name_${l}`)} required={l === 'en'} error={form.error(`${path}.name.${l}`)}>
            {input(`${path}.name.${l}`, method.name[l], (v) => set({ name: { ...method.name, [l]: v } }))}
          </Field>
        ))}
      </Grid>
      <Text as="p" size="2" weight="medium" mb="1">
        {t('shipping.bands')}
      </Text>
      <Flex direction="column" gap="2">
        {method.bands.map((b, k) => (
          <BandRow key={b.key} band={b} path={`${path}.rates.${k}`} last={k === method.bands.length - 1} form={form}
            onChange={(nb) => set({ bands: method.bands.map((old, i) => (i === k ? nb : old)) })}
            onRemove={method.bands.length > 1 ? () => set({ bands: method.bands.filter((_, i) => i !== k) }) : undefined} />
        ))}
        {form.error(`${path}.rates`) && (
          <Text size="1" color="red" role="alert">
            {form.error(`${path}.rates`)}
          </Text>
        )}
        <Button type="button" variant="ghost" size="1" style={{ alignSelf: 'start' }}
          onClick={() => set({ bands: [...method.bands.map((b) => ({ ...b, anyWeight: false })), newBand(true)] })}>
          <PlusIcon /> {t('shipping.addBand')}
        </Button>
      </Flex>
    </Card>
  );
}

interface BandProps {
  band: BandDraft;
  path: string;
  last: boolean;
  form: Form<ShippingDraft>;
  onChange: (b: BandDraft) => void;
  onRemove?: () => void;
}

/** One weight band: up to how many kg (or any weight, the last only) and its price. */
function BandRow({ band, path, last, form, onChange, onRemove }: BandProps) {
  const { t } = useTranslation('admin');
  const kg = `${path}.upToKg`;
  const amount = `${path}.amount`;
  return (
    <Flex gap="2" align="start" wrap="wrap" className="shipping-band">
      <Box width="150px">
        <Field id={kg} label={t('shipping.upToKg')} error={form.error(kg)}>
          <TextField.Root id={kg} inputMode="decimal" value={band.anyWeight ? '' : band.upToKg} disabled={band.anyWeight}
            placeholder={band.anyWeight ? t('shipping.anyWeight') : ''} onChange={(e) => onChange({ ...band, upToKg: e.target.value })}
            onBlur={() => form.touch(kg)} {...describedBy(kg, form.error(kg))}>
            <TextField.Slot side="right">kg</TextField.Slot>
          </TextField.Root>
        </Field>
      </Box>
      <Box width="150px">
        <Field id={amount} label={t('shipping.amount')} error={form.error(amount)}>
          <TextField.Root id={amount} inputMode="decimal" value={band.amount} onChange={(e) => onChange({ ...band, amount: e.target.value })}
            onBlur={() => form.touch(amount)} {...describedBy(amount, form.error(amount))}>
            <TextField.Slot>$</TextField.Slot>
          </TextField.Root>
        </Field>
      </Box>
      {last && (
        <ToggleField
          mt="5"
          label={t('shipping.anyWeight')}
          control={(id) => <Checkbox id={id} checked={band.anyWeight} onCheckedChange={(on) => onChange({ ...band, anyWeight: on === true })} />}
        />
      )}
      {onRemove && (
        <IconButton type="button" variant="ghost" color="red" mt="5" onClick={onRemove} aria-label={t('shipping.removeBand')}>
          <TrashIcon />
        </IconButton>
      )}
    </Flex>
  );
}
