import { useState } from 'react';
import { Button, Dialog, Flex, TextArea, TextField } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api';
import { usePrice } from '../../../lib/format';
import { describedBy, Field } from '../components/Field';

export interface MoneyInput {
  amount: number;
  date?: string;
  note: string;
}

interface Props {
  open: boolean;
  kind: 'payment' | 'refund';
  /** The most the amount may be (outstanding, or refundable); the field starts with it. */
  max: number;
  busy: boolean;
  error: unknown;
  onSubmit: (v: MoneyInput) => void;
  onClose: () => void;
}

/** "Record payment" (amount, date, note) and "Refund" (amount, reason), checked before they are sent. */
export function MoneyDialog(props: Props) {
  const { t } = useTranslation('admin');
  return (
    <Dialog.Root open={props.open} onOpenChange={(o) => !o && !props.busy && props.onClose()}>
      <Dialog.Content maxWidth="420px" aria-describedby={undefined}>
        <Dialog.Title>{props.kind === 'payment' ? t('payments.recordTitle') : t('payments.refundTitle')}</Dialog.Title>
        {/* Mounted while open: each opening starts from the amount left. */}
        <MoneyForm {...props} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function MoneyForm({ kind, max, busy, error, onSubmit }: Props) {
  const { t } = useTranslation('admin');
  const price = usePrice();
  const [amount, setAmount] = useState(() => max.toFixed(2));
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const serverAmount = isApiError(error) ? (error.errors?.amount ?? error.message) : '';
  const submit = () => {
    const n = Number(amount);
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || n <= 0) return setProblem(t('payments.amountInvalid'));
    if (n > max + 1e-9) return setProblem(t('payments.amountTooHigh', { max: price(max) }));
    setProblem('');
    onSubmit({ amount: n, date: kind === 'payment' ? date : undefined, note: note.trim() });
  };
  const amountError = problem || serverAmount || undefined;
  return (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Flex direction="column" gap="3">
            <Field id="money-amount" label={t('payments.amount')} required error={amountError} hint={t('payments.atMost', { max: price(max) })}>
              <TextField.Root id="money-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} {...describedBy('money-amount', amountError, 'x')}>
                <TextField.Slot>$</TextField.Slot>
              </TextField.Root>
            </Field>
            {kind === 'payment' && (
              <Field id="money-date" label={t('payments.receivedOn')}>
                <TextField.Root id="money-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
              </Field>
            )}
            <Field id="money-note" label={kind === 'payment' ? t('payments.note') : t('payments.reason')}>
              <TextArea id="money-note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
            </Field>
          </Flex>
          <Flex gap="3" mt="4" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray" disabled={busy}>
                {t('actions.cancel')}
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={busy} color={kind === 'refund' ? 'red' : undefined}>
              {kind === 'payment' ? t('payments.record') : t('payments.refund')}
            </Button>
          </Flex>
        </form>
  );
}
