import { useState } from 'react';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { BellIcon, CheckCircledIcon } from '@radix-ui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { Message } from '../../api/types';
import { DeferredPopover } from '../../components/DeferredPopover';
import { useAuth } from '../../auth/AuthContext';
import { errorText } from '../../i18n/errors';
import { isEmail } from '../../lib/email';

/** "Notify me when available" on a sold-out variant: one click when signed in, an e-mail field otherwise. */
export function NotifyMe({ productId, variantId, size = '2' }: { productId: string; variantId?: string; size?: '2' | '3' }) {
  const { t, i18n } = useTranslation('shop');
  const { user } = useAuth();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const subscribe = useMutation({
    mutationFn: (address?: string) =>
      api.post<Message>(`/products/${encodeURIComponent(productId)}/stock-alerts`, {
        email: address,
        language: i18n.language,
        variantId: variantId || undefined,
      }),
  });

  if (subscribe.isSuccess) {
    return (
      <Flex align="center" gap="2" role="status" data-testid="notify-done">
        <CheckCircledIcon color="var(--green-11)" aria-hidden="true" />
        <Text size="2" color="green">
          {t('notify.done')}
        </Text>
      </Flex>
    );
  }
  const failure = subscribe.isError ? errorText(t, subscribe.error, 'shop:notify.failed') : null;
  if (user) {
    return (
      <Flex direction="column" gap="1">
        <Button size={size} variant="soft" loading={subscribe.isPending} onClick={() => subscribe.mutate(undefined)}>
          <BellIcon /> {t('notify.button')}
        </Button>
        {failure && (
          <Text size="1" color="red" role="alert">
            {failure}
          </Text>
        )}
      </Flex>
    );
  }
  const invalid = touched && !isEmail(email);
  return (
    <DeferredPopover
      content={{ maxWidth: '320px' }}
      trigger={
        <Button size={size} variant="soft">
          <BellIcon /> {t('notify.button')}
        </Button>
      }
    >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (isEmail(email)) subscribe.mutate(email.trim());
          }}
        >
          <Flex direction="column" gap="2">
            <Text as="label" size="2" weight="medium" htmlFor={`notify-${productId}`}>
              {t('notify.emailLabel')}
            </Text>
            <TextField.Root
              id={`notify-${productId}`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={invalid || undefined}
            />
            {(invalid || failure) && (
              <Text size="1" color="red" role="alert">
                {invalid ? t('notify.invalidEmail') : failure}
              </Text>
            )}
            <Button type="submit" loading={subscribe.isPending}>
              {t('notify.submit')}
            </Button>
          </Flex>
        </form>
    </DeferredPopover>
  );
}
