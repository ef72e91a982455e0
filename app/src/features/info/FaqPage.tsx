import { useMemo, useState } from 'react';
import { Badge, Box, Button, Container, Flex, Heading, Tabs, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../../api/client';
import { ErrorPage } from '../../components/ErrorPage';
import { pageQuery } from '../../api/pages';
import { PageBody } from '../pages/PageBody';
import { pageLanguage } from '../pages/pageLanguage';
import { parseFaq, searchFaq, type FaqEntry, type FaqGroup } from './faqSearch';

function Question({ entry }: { entry: FaqEntry }) {
  return (
    <details className="faq-item">
      <summary>{entry.q}</summary>
      <PageBody html={entry.a} className="faq-answer" />
    </details>
  );
}

function FaqTabs({ groups }: { groups: FaqGroup[] }) {
  const [tab, setTab] = useState('0');
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List wrap="wrap">
        {groups.map((g, i) => (
          <Tabs.Trigger key={g.name} value={String(i)}>
            {g.name}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {groups.map((g, i) => (
        <Tabs.Content key={g.name} value={String(i)}>
          <Flex direction="column" gap="2" pt="4">
            {g.entries.map((entry) => (
              <Question key={entry.q} entry={entry} />
            ))}
          </Flex>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

/** /faq: the FAQ page the owner keeps in /admin/pages, as tabs of questions with a search. */
export default function FaqPage() {
  const { t, i18n } = useTranslation('info');
  const query = useQuery(pageQuery('faq'));
  const [search, setSearch] = useState('');
  const lang = pageLanguage(query.data?.body, i18n.resolvedLanguage ?? i18n.language);
  const html = query.data?.body?.[lang] ?? '';
  const faq = useMemo(() => parseFaq(html), [html]);
  if (query.isError) return <ErrorPage notFound={isApiError(query.error) && query.error.status === 404} />;
  if (!query.data) return null;
  const hits = searchFaq(faq.groups, search);
  return (
    <Container size="3" px={{ initial: '3', sm: '5' }} py="5">
      <div lang={lang}>
        <Heading as="h1" size="8" mb="2">
          {query.data.title?.[lang] || query.data.title?.en}
        </Heading>
        <PageBody html={faq.intro} className="prose faq-intro" />
        <Box my="5">
          <Text as="label" htmlFor="faq-search" size="2" weight="medium">
            {t('faq.searchLabel')}
          </Text>
          <TextField.Root id="faq-search" type="search" size="3" mt="1" placeholder={t('faq.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)}>
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
        </Box>
        {search.trim() ? (
          <Flex direction="column" gap="2" aria-live="polite">
            <Text size="2" color="gray">
              {t('faq.resultCount', { count: hits.length })}
            </Text>
            {hits.length === 0 && <Text>{t('faq.noResults')}</Text>}
            {hits.map(({ group, entry }) => (
              <Box key={group + entry.q}>
                <Badge variant="soft" mb="1">
                  {group}
                </Badge>
                <Question entry={entry} />
              </Box>
            ))}
          </Flex>
        ) : (
          <FaqTabs groups={faq.groups} />
        )}
        <Flex direction="column" align="center" gap="2" mt="6">
          <Text>{t('faq.stillQuestions')}</Text>
          <Button asChild variant="soft">
            <Link to="/contact">{t('faq.contactUs')}</Link>
          </Button>
        </Flex>
      </div>
    </Container>
  );
}
