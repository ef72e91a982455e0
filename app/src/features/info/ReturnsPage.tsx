import { RecordPage } from '../pages/RecordPage';

export default function ReturnsPage() {
  return <RecordPage slug="returns" />;
}
