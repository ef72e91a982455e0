import { InfoArticle } from './InfoArticle';

export default function ShippingPage() {
  return <InfoArticle page="shipping" />;
}
