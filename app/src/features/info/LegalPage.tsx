import { RecordPage } from '../pages/RecordPage';

/** /privacy, /terms, /cookies and /about: pages the owner keeps in /admin/pages. */
export default function LegalPage({ page }: { page: 'privacy' | 'terms' | 'cookies' | 'about' }) {
  return <RecordPage slug={page} />;
}
