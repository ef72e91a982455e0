import { Grid } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { CountrySelect, StateSelect } from '../../components/AddressSelects';
import { FormField } from '../../components/FormField';
import { useForm, type Form, type Problems } from '../../lib/form';
import { validateAddress } from './rules';

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
  address: 'address-line1', // a one-line field: street-address is for a textarea (HTML autofill)
  city: 'address-level2',
  state: 'address-level1',
  zipCode: 'postal-code',
  country: 'country',
};

/**
 * An address step's form on the checkout draft's values: the address rules plus the step's
 * `more` (the shipping method), and the server's errors from a refused order.
 */
export function useAddressForm<T extends object>(value: T, onChange: (value: T) => void, fields: (keyof T & string)[], serverErrors: Problems, more: Problems = {}) {
  const { t } = useTranslation('checkout');
  return useForm({
    values: value,
    onValues: onChange,
    rules: (v) => ({ ...validateAddress(v, fields), ...more }),
    message: (key) => t(`validation.${key}`),
    serverErrors,
  });
}

interface Props<T extends object> {
  prefix: string;
  /** The step's form (values, rules, server errors). */
  form: Form<T>;
  fields: (keyof T & string)[];
  disabled?: boolean;
}

/** The address fields (country and a US state from lists); a problem shows once its field was left or the step submitted. */
export function AddressForm<T extends object>({ prefix, form, fields, disabled }: Props<T>) {
  const { t } = useTranslation('checkout');
  const country = String((form.values as { country?: string }).country ?? '');
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="4">
      {fields.map((f) => {
        const common = {
          id: `${prefix}-${f}`,
          label: t(`fields.${f}`),
          autoComplete: `${prefix === 'billing' ? 'billing' : 'shipping'} ${AUTOCOMPLETE[f] ?? 'on'}`,
          required: true,
          disabled,
          ...form.field(f),
          error: disabled ? null : form.error(f),
        };
        if (f === 'country') return <CountrySelect key={f} {...common} placeholder={t('fields.chooseCountry')} />;
        if (f === 'state' && country === 'US') return <StateSelect key={f} {...common} placeholder={t('fields.chooseState')} />;
        return (
          <div key={f} style={f === 'address' ? { gridColumn: '1 / -1' } : undefined}>
            <FormField {...common} type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'} />
          </div>
        );
      })}
    </Grid>
  );
}
