import { Select } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { CONTACT_STATUSES } from '../../../api/types';

/** The contact statuses as a Select's items, in their order, translated: the filter's and the edit dialog's. */
export function ContactStatusItems() {
  const { t } = useTranslation('admin');
  return (
    <>
      {CONTACT_STATUSES.map((s) => (
        <Select.Item key={s} value={s}>
          {t(`contact.status.${s}`)}
        </Select.Item>
      ))}
    </>
  );
}
