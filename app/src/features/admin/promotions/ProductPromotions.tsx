import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { resolveLocalized } from '../../../lib/localized';
import { productPromotionsQuery, promotionState } from './api';

/** A product's admin page: the promotions that name the product or its category. */
export function ProductPromotions({ productId, categoryId }: { productId: string; categoryId: string }) {
  const { t, i18n } = useTranslation('admin');
  const list = useQuery(productPromotionsQuery(productId, categoryId));
  if (!list.data) return null;
  return (
    <Card size="2">
      <Heading as="h3" size="3" mb="2">
        {t('promotions.onProduct')}
      </Heading>
      {list.data.length === 0 ? (
        <Text size="2" color="gray">
          {t('promotions.noneOnProduct')}
        </Text>
      ) : (
        <Flex direction="column" gap="2" asChild>
          <ul className="plain-list">
            {list.data.map((p) => (
              <li key={p.id}>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text size="2">{resolveLocalized(p.name, i18n.language, p.code)}</Text>
                  <Badge variant="outline">{p.automatic ? t('promotions.automatic') : p.code}</Badge>
                  <Badge color={promotionState(p) === 'running' ? 'green' : 'gray'}>{t(`promotions.states.${promotionState(p)}`)}</Badge>
                </Flex>
              </li>
            ))}
          </ul>
        </Flex>
      )}
      <Text as="p" size="1" mt="2">
        <Link to="/admin/promotions">{t('promotions.manage')}</Link>
      </Text>
    </Card>
  );
}
