import { useParams } from 'react-router-dom';
import { RecordPage } from './RecordPage';

/** /pages/:slug: a page the owner added. */
export default function PageBySlug() {
  const { slug = '' } = useParams();
  return <RecordPage slug={slug} />;
}
