import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { RETURN_REASONS, useRequestReturn, type ReturnReason } from '../../api/returns';
import type { OrderDetail } from '../../api/types';
import { FormField } from '../../components/FormField';
import { NativeSelect } from '../../components/NativeSelect';
import { errorText } from '../../i18n/errors';
import { useForm, type Problems } from '../../lib/form';
import { resolveLocalized } from '../../lib/localized';

interface Values {
  quantities: Record<string, number>;
  reasons: Record<string, ReturnReason | ''>;
  note: string;
}

/** The form's rules: at least one unit, each chosen line with a reason, a note of at most 1000 characters. */
function validateReturn(v: Values): Problems {
  const out: Problems = {};
  const chosen = Object.entries(v.quantities).filter(([, q]) => q > 0);
  if (!chosen.length) out.lines = 'chooseLine';
  for (const [id] of chosen) if (!v.reasons[id]) out[`reason.${id}`] = 'chooseReason';
  if (v.note.length > 1000) out.note = 'noteTooLong';
  return out;
}

/** "Return items": units per line (up to what may still come back), a reason each and a note. */
export function ReturnItemsForm({ order, available, onDone }: { order: OrderDetail; available: Record<string, number>; onDone: () => void }) {
  const { t, i18n } = useTranslation('account');
  const request = useRequestReturn(order.id);
  const form = useForm<Values>({ initial: { quantities: {}, reasons: {}, note: '' }, rules: validateReturn, message: (k) => t(`returns.validation.${k}`) });
  const { values } = form;
  const submit = form.handleSubmit((v) => {
    const lines = Object.entries(v.quantities)
      .filter(([, q]) => q > 0)
      .map(([orderItemId, quantity]) => ({ orderItemId, quantity, reason: v.reasons[orderItemId] as ReturnReason }));
    request.mutate({ lines, note: v.note.trim() || undefined }, { onSuccess: onDone, onError: (e) => form.serverFailed(e) });
  });
  const lines = order.items.filter((it) => (available[it.id] ?? 0) > 0);
  return (
    <form onSubmit={submit} noValidate aria-label={t('returns.formTitle')}>
      <Flex direction="column" gap="3">
        <Text size="2" color="gray">
          {t('returns.formIntro')}
        </Text>
        {lines.map((it) => {
          const name = resolveLocalized(it.productName, i18n.language);
          const reasonError = form.error(`reason.${it.id}`);
          return (
            <Flex key={it.id} direction="column" gap="1" className="return-line">
              <Text weight="medium">{name}</Text>
              <Flex gap="3" wrap="wrap" align="end">
                <label className="return-field">
                  <Text size="2">{t('returns.quantity')}</Text>
                  <NativeSelect
                    value={values.quantities[it.id] ?? 0}
                    aria-label={t('returns.quantityOf', { name })}
                    onChange={(e) => form.set('quantities', (q) => ({ ...q, [it.id]: Number(e.target.value) }))}
                  >
                    {Array.from({ length: (available[it.id] ?? 0) + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </NativeSelect>
                </label>
                <label className="return-field">
                  <Text size="2">{t('returns.reason')}</Text>
                  <NativeSelect
                    value={values.reasons[it.id] ?? ''}
                    aria-label={t('returns.reasonOf', { name })}
                    aria-invalid={!!reasonError || undefined}
                    onChange={(e) => form.set('reasons', (r) => ({ ...r, [it.id]: e.target.value as ReturnReason }))}
                  >
                    <option value="">{t('returns.chooseReason')}</option>
                    {RETURN_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {t(`returns.reasons.${r}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </label>
              </Flex>
              {reasonError && (
                <Text size="1" color="red" role="alert">
                  {reasonError}
                </Text>
              )}
            </Flex>
          );
        })}
        {form.error('lines') && (
          <Text size="1" color="red" role="alert">
            {form.error('lines')}
          </Text>
        )}
        <FormField label={t('returns.note')} multiline rows={3} {...form.field('note')} />
        {request.isError && (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>{errorText(t, request.error, 'account:returns.failed')}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="3" justify="end" wrap="wrap">
          <Button type="button" variant="soft" color="gray" onClick={onDone} disabled={request.isPending}>
            {t('returns.cancel')}
          </Button>
          <Button type="submit" loading={request.isPending}>
            {t('returns.submit')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
