import { Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../lib/countries';

interface Address {
  firstName?: string;
  lastName?: string;
  address?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  country?: string;
  phone?: string;
}

/** An address as lines, the country named in the reader's language. */
export function AddressLines({ value, size = '2' }: { value: Address; size?: '1' | '2' }) {
  const { i18n } = useTranslation();
  const lines = [
    `${value.firstName ?? ''} ${value.lastName ?? ''}`.trim(),
    value.address,
    [value.city, value.state, value.zipCode].filter(Boolean).join(', '),
    value.country ? countryName(value.country, i18n.language) : '',
    value.phone,
  ].filter(Boolean);
  return (
    <>
      {lines.map((l, i) => (
        <Text key={i} as="div" size={size}>
          {l}
        </Text>
      ))}
    </>
  );
}
