import { InfoArticle } from './InfoArticle';

export default function WarrantyPage() {
  return <InfoArticle page="warranty" />;
}
