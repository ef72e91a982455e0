import { Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const FOOTER_LINKS = ['contact', 'shipping', 'returns', 'warranty', 'faq', 'privacy', 'terms', 'cookies'] as const;

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className="site-footer">
      <Flex direction="column" align="center" gap="3" px="4" py="5">
        <nav aria-label={t('footer.label')}>
          <Flex wrap="wrap" justify="center" gap="4" asChild>
            <ul className="plain-list">
              {FOOTER_LINKS.map((key) => (
                <li key={key}>
                  <Link to={`/${key}`} className="footer-link">
                    {t(`footer.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </Flex>
        </nav>
        <Text size="1" color="gray">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Flex>
    </footer>
  );
}
