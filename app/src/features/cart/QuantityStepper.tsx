import { Flex, IconButton, TextField } from '@radix-ui/themes';
import { MinusIcon, PlusIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { clampQuantity } from './rules';

interface Props {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  label: string;
  id?: string;
}

/** A 1..max number stepper with decrease/increase buttons. */
export function QuantityStepper({ value, max, onChange, disabled, label, id }: Props) {
  const { t } = useTranslation('common');
  const off = disabled || max < 1;
  return (
    <Flex align="center" gap="1">
      <IconButton
        type="button"
        variant="soft"
        size="2"
        aria-label={t('cart.decrease')}
        disabled={off || value <= 1}
        onClick={() => onChange(clampQuantity(value - 1, max))}
      >
        <MinusIcon />
      </IconButton>
      <TextField.Root
        id={id}
        aria-label={label}
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, max)}
        value={String(value)}
        disabled={off}
        onChange={(e) => onChange(clampQuantity(Number(e.target.value), max))}
        style={{ width: 56, textAlign: 'center' }}
        size="2"
      />
      <IconButton
        type="button"
        variant="soft"
        size="2"
        aria-label={t('cart.increase')}
        disabled={off || value >= max}
        onClick={() => onChange(clampQuantity(value + 1, max))}
      >
        <PlusIcon />
      </IconButton>
    </Flex>
  );
}
