import { RecordPage } from '../pages/RecordPage';

export default function WarrantyPage() {
  return <RecordPage slug="warranty" />;
}
