import { InfoArticle } from './InfoArticle';

/** /privacy, /terms and /cookies. */
export default function LegalPage({ page }: { page: 'privacy' | 'terms' | 'cookies' }) {
  return <InfoArticle page={page} />;
}
