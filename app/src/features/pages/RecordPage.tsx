import type { ReactNode } from 'react';
import { Container, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { ErrorPage } from '../../components/ErrorPage';
import { pageQuery } from '../../api/pages';
import { PageBody } from './PageBody';
import { pageLanguage } from './pageLanguage';

interface Props {
  slug: string;
  /** Shown below the body (the shipping page's live rates). */
  children?: ReactNode;
}

/** An information page the owner keeps in /admin/pages: its title and body in the shopper's language. */
export function RecordPage({ slug, children }: Props) {
  const { t, i18n } = useTranslation('common');
  const query = useQuery(pageQuery(slug));
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <ErrorPage notFound />;
  if (query.isError) return <ErrorPage />;
  const page = query.data;
  const lang = pageLanguage(page?.body, i18n.resolvedLanguage ?? i18n.language);
  return (
    <Container size="3" px={{ initial: '3', sm: '5' }} py="5">
      {!page ? (
        <Text color="gray" role="status">
          {t('loading')}
        </Text>
      ) : (
        <article lang={lang}>
          <Heading as="h1" size="8" mb="4">
            {page.title?.[lang] || page.title?.en || slug}
          </Heading>
          <PageBody html={page.body?.[lang] ?? ''} />
        </article>
      )}
      {children}
    </Container>
  );
}
