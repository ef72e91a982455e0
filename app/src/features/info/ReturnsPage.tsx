import { InfoArticle } from './InfoArticle';

export default function ReturnsPage() {
  return <InfoArticle page="returns" />;
}
