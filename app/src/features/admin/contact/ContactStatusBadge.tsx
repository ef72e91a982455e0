import { Badge } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';

/** New primary, InProgress amber, Resolved green, Closed gray; an unknown status shows its raw value. */
const CONTACT_STATUS_COLORS: Record<string, 'indigo' | 'amber' | 'green' | 'gray'> = {
  New: 'indigo',
  InProgress: 'amber',
  Resolved: 'green',
  Closed: 'gray',
};

export function ContactStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={CONTACT_STATUS_COLORS[status] ?? 'gray'} variant="soft" radius="full">
      {t(`contact.status.${status}`, status)}
    </Badge>
  );
}
