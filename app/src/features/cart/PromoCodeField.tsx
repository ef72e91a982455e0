import { useId, useState, type FormEvent } from 'react';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cartApi } from '../../api/cart';
import { isApiError } from '../../api/client';
import { cartKeys } from '../../api/queryKeys';
import type { Cart } from '../../api/types';
import { errorText } from '../../i18n/errors';
import { usePrice } from '../../lib/format';
import { useCart } from './CartContext';

type Price = (amount: number) => string;

/** Why a code is refused or gives nothing, from the reason and amount the server sends (never its English message). */
function promoReasonText(t: TFunction, reason: string, code: string, missing: unknown, price: Price): string {
  const amount = typeof missing === 'number' ? price(missing) : '';
  if (reason === 'min_subtotal' && !amount) return t('common:promo.reasons.min_subtotal_plain', { code });
  return t(`common:promo.reasons.${reason}`, { code, amount, defaultValue: '' }) || t('common:promo.errors.apply');
}

/** The message for a failed apply: the server's reason in the reader's words, else the error's translation. */
function applyErrorText(t: TFunction, error: unknown, code: string, price: Price): string {
  if (isApiError(error) && error.code === 'promotion_not_applicable' && typeof error.data.reason === 'string') {
    return promoReasonText(t, error.data.reason, code, error.data.missing, price);
  }
  if (isApiError(error) && error.code === 'promotion_not_found') return t('common:promo.reasons.not_a_code', { code });
  return errorText(t, error, 'common:promo.errors.apply');
}

/**
 * The cart's discount code: type it and Apply (or Enter); the server says whether it applies and
 * why not ("Add $37.00 more to use TOURING25"). The code the cart carries shows with Remove, and
 * with why it gives nothing now when the cart or the promotion changed since.
 */
export function PromoCodeField() {
  const { t } = useTranslation('common');
  const price = usePrice();
  const queryClient = useQueryClient();
  const { cart, key } = useCart();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const id = useId();
  const onSuccess = (next: Cart) => queryClient.setQueryData(key, next);
  const apply = useMutation({
    mutationKey: cartKeys.code,
    mutationFn: (c: string) => cartApi.applyCode(c),
    onSuccess: (next, c) => {
      onSuccess(next);
      setCode('');
      setApplied(t('promo.applied', { code: next.promoCode || c }));
    },
    onError: (error, c) => setProblem(applyErrorText(t, error, c, price)),
  });
  const remove = useMutation({
    mutationKey: cartKeys.code,
    mutationFn: () => cartApi.removeCode(),
    onSuccess: (next) => {
      onSuccess(next);
      setApplied(null);
    },
    onError: (error) => setProblem(errorText(t, error, 'common:promo.errors.remove')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim().toUpperCase();
    setApplied(null);
    if (!typed) {
      setProblem(t('promo.errors.empty'));
      return;
    }
    setProblem(null);
    apply.mutate(typed);
  };
  const current = cart?.promoCode ?? '';
  const issue = current && cart?.promoIssue ? promoReasonText(t, cart.promoIssue.reason === 'promotion_not_found' ? 'ended' : cart.promoIssue.reason, current, cart.promoIssue.missing, price) : null;
  const busy = apply.isPending || remove.isPending;
  return (
    <Flex direction="column" gap="2" data-testid="promo-code">
      <form onSubmit={submit} noValidate>
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {t('promo.label')}
        </Text>
        <Flex gap="2" mt="1">
          <TextField.Root
            id={id}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setProblem(null);
            }}
            placeholder={t('promo.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            aria-invalid={!!problem || undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            color={problem ? 'red' : undefined}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit" variant="soft" loading={apply.isPending} disabled={busy}>
            {t('promo.apply')}
          </Button>
        </Flex>
      </form>
      {problem && (
        <Text id={`${id}-error`} size="2" color="red" role="alert">
          {problem}
        </Text>
      )}
      {/* Announced for screen readers; the code's own line below shows it. */}
      <span role="status" className="visually-hidden">
        {applied}
      </span>
      {current && (
        <Flex justify="between" align="center" gap="2" wrap="wrap" data-testid="promo-current">
          <Text size="2" color={issue ? undefined : 'green'}>
            {t('promo.current', { code: current })}
          </Text>
          <Button type="button" size="1" variant="ghost" color="red" disabled={busy} onClick={() => remove.mutate()} aria-label={t('promo.remove', { code: current })}>
            {t('promo.removeShort')}
          </Button>
        </Flex>
      )}
      {issue && (
        <Text size="2" color="amber" data-testid="promo-issue">
          {issue}
        </Text>
      )}
    </Flex>
  );
}
