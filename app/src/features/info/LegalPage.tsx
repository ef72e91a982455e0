import { RecordPage } from '../pages/RecordPage';

/** /privacy, /terms, /cookies, /about and /hire (issue 46): pages the owner keeps in /admin/pages. */
export default function LegalPage({ page }: { page: 'privacy' | 'terms' | 'cookies' | 'about' | 'hire' }) {
  return <RecordPage slug={page} />;
}
