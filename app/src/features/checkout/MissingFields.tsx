import { Callout } from '@radix-ui/themes';
import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';

/** Names the fields that still need the shopper, instead of a silently disabled button. */
export function MissingFields({ errors }: { errors: Record<string, string | undefined> }) {
  const { t } = useTranslation('checkout');
  const names = Object.entries(errors)
    .filter(([, v]) => v)
    .map(([k]) => t(`fields.${k}`));
  if (names.length === 0) return null;
  return (
    <Callout.Root color="red" role="alert" mb="4" data-testid="missing-fields">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{t('form.missing', { fields: names.join(', ') })}</Callout.Text>
    </Callout.Root>
  );
}
