import { Button, Callout, Container, Heading } from '@radix-ui/themes';
import { InfoCircledIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The checkout of an empty cart: say so and lead back to the shop. */
export function EmptyCheckout() {
  const { t } = useTranslation('checkout');
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="7" mb="4">
        {t('title')}
      </Heading>
      <Callout.Root color="indigo" role="status">
        <Callout.Icon>
          <InfoCircledIcon />
        </Callout.Icon>
        <Callout.Text>{t('emptyCart')}</Callout.Text>
      </Callout.Root>
      <Button asChild mt="4">
        <Link to="/">{t('continueShopping')}</Link>
      </Button>
    </Container>
  );
}
