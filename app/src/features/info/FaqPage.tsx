import { useState } from 'react';
import { Badge, Box, Button, Container, Flex, Heading, Tabs, Text, TextField } from '@radix-ui/themes';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FAQ_CATEGORIES, searchFaq, type FaqCategory, type FaqEntry } from './faqSearch';
import { useInfoLanguage } from './InfoArticle';
import { InfoLanguageNote } from './InfoLanguageNote';

function Question({ entry }: { entry: FaqEntry }) {
  return (
    <details className="faq-item">
      <summary>{entry.q}</summary>
      <Text as="p" size="2" color="gray">
        {entry.a}
      </Text>
    </details>
  );
}

export default function FaqPage() {
  const { t } = useTranslation('info');
  const lang = useInfoLanguage();
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<FaqCategory>('products');
  const questions = t('faq.questions', { returnObjects: true }) as Partial<Record<FaqCategory, FaqEntry[]>>;
  const hits = searchFaq(questions, query);

  return (
    <Container size="3" px={{ initial: '3', sm: '5' }} py="5">
      <InfoLanguageNote />
      <div lang={lang}>
        <Heading as="h1" size="8" mb="2">
          {t('faq.title')}
        </Heading>
        <Text as="p" size="4" color="gray" mb="5">
          {t('faq.intro')}
        </Text>
        <Box mb="5">
          <Text as="label" htmlFor="faq-search" size="2" weight="medium">
            {t('faq.searchLabel')}
          </Text>
          <TextField.Root id="faq-search" type="search" size="3" mt="1" placeholder={t('faq.searchPlaceholder')} value={query} onChange={(e) => setQuery(e.target.value)}>
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
        </Box>
        {query.trim() ? (
          <Flex direction="column" gap="2" aria-live="polite">
            <Text size="2" color="gray">
              {t('faq.resultCount', { count: hits.length })}
            </Text>
            {hits.length === 0 && <Text>{t('faq.noResults')}</Text>}
            {hits.map(({ category, entry }) => (
              <Box key={category + entry.q}>
                <Badge variant="soft" mb="1">
                  {t(`faq.tabs.${category}`)}
                </Badge>
                <Question entry={entry} />
              </Box>
            ))}
          </Flex>
        ) : (
          <Tabs.Root value={tab} onValueChange={(v) => setTab(v as FaqCategory)}>
            <Tabs.List wrap="wrap">
              {FAQ_CATEGORIES.map((c) => (
                <Tabs.Trigger key={c} value={c}>
                  {t(`faq.tabs.${c}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {FAQ_CATEGORIES.map((c) => (
              <Tabs.Content key={c} value={c}>
                <Flex direction="column" gap="2" pt="4">
                  {(questions[c] ?? []).map((entry) => (
                    <Question key={entry.q} entry={entry} />
                  ))}
                </Flex>
              </Tabs.Content>
            ))}
          </Tabs.Root>
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
