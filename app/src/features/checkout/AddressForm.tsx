import { useState } from 'react';
import { Grid } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField';

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
  address: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  zipCode: 'postal-code',
  country: 'country-name',
};

interface Props<T> {
  prefix: string;
  value: T;
  fields: (keyof T & string)[];
  errors: Partial<Record<keyof T, string>>;
  serverErrors?: Record<string, string>;
  disabled?: boolean;
  /** Show every field's error (the step was submitted), not only those of fields left. */
  showAll?: boolean;
  onChange: (value: T) => void;
}

/** The address fields; errors show once a field was left (or the step was submitted). */
export function AddressForm<T extends object>({ prefix, value, fields, errors, serverErrors, disabled, showAll, onChange }: Props<T>) {
  const { t } = useTranslation('checkout');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="4">
      {fields.map((f) => {
        const key = errors[f];
        const shown = (touched[f] || showAll) && key ? t(`validation.${key}`) : serverErrors?.[f];
        return (
          <div key={f} style={f === 'address' ? { gridColumn: '1 / -1' } : undefined}>
            <FormField
              id={`${prefix}-${f}`}
              label={t(`fields.${f}`)}
              type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
              autoComplete={`${prefix === 'billing' ? 'billing' : 'shipping'} ${AUTOCOMPLETE[f] ?? 'on'}`}
              value={String(value[f] ?? '')}
              required
              disabled={disabled}
              error={disabled ? null : shown}
              onBlur={() => setTouched((s) => ({ ...s, [f]: true }))}
              onChange={(v) => onChange({ ...value, [f]: v })}
            />
          </div>
        );
      })}
    </Grid>
  );
}
