import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Generic page for unexpected errors and unknown paths. */
export function ErrorPage({ notFound = false }: { notFound?: boolean }) {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Flex direction="column" align="center" justify="center" gap="4" py="9" px="4" style={{ minHeight: '50vh', textAlign: 'center' }}>
      <Heading as="h1" size="7">
        {notFound ? t('errorPage.notFoundTitle', 'Page not found') : t('errorPage.title', 'Something went wrong')}
      </Heading>
      <Text color="gray">
        {notFound
          ? t('errorPage.notFoundText', 'The page you are looking for does not exist.')
          : t('errorPage.text', 'An unexpected error occurred. Please try again.')}
      </Text>
      <Flex gap="3">
        {!notFound && (
          <Button variant="soft" onClick={() => window.location.reload()}>
            {t('errorPage.reload', 'Reload')}
          </Button>
        )}
        <Button asChild>
          <Link to="/">{t('errorPage.home', 'Back to shop')}</Link>
        </Button>
      </Flex>
    </Flex>
  );
}
