import { Badge } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';

export function StockBadge({ stock }: { stock: number }) {
  const { t } = useTranslation('shop');
  if (stock <= 0)
    return (
      <Badge color="red" variant="soft">
        {t('outOfStock')}
      </Badge>
    );
  return (
    <Badge color="green" variant="soft">
      {t('inStock', { count: stock })}
    </Badge>
  );
}
