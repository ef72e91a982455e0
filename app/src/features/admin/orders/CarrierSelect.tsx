import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../../../components/NativeSelect';
import { CARRIERS } from './statusPath';

/** The carrier of an order: the ones whose tracking pages the shop knows, or other ("" none). */
export function CarrierSelect({ id, value, onChange }: { id: string; value: string; onChange: (code: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('fulfilment.noCarrier')}</option>
      {CARRIERS.map((c) => (
        <option key={c} value={c}>
          {t(`fulfilment.carriers.${c}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
