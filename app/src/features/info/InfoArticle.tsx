import { Box, Button, Card, Container, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { InfoLanguageNote } from './InfoLanguageNote';

export interface InfoSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  steps?: string[];
  table?: { columns: string[]; rows: string[][] };
  note?: string;
  contactLink?: string;
}

interface InfoContent {
  title: string;
  intro?: string;
  updated?: string;
  sections: InfoSection[];
}

/** Texts that exist in en and ru only: Chinese readers see English, marked as such for screen readers. */
export function useInfoLanguage() {
  const { i18n } = useTranslation('info');
  return i18n.language === 'zh' ? 'en' : i18n.language;
}

/** A page of the `info` namespace: title, intro and sections of paragraphs, lists, steps and tables. */
export function InfoArticle({ page, live }: { page: string; live?: (section: InfoSection, index: number) => InfoSection }) {
  const { t } = useTranslation('info');
  const lang = useInfoLanguage();
  const content = t(page, { returnObjects: true }) as InfoContent;
  if (!content || typeof content !== 'object') return null;
  return (
    <Container size="3" px={{ initial: '3', sm: '5' }} py="5">
      <InfoLanguageNote />
      <article lang={lang} className="prose">
        <Heading as="h1" size="8" mb="3">
          {content.title}
        </Heading>
        {content.updated && (
          <Text as="p" size="2" color="gray" mb="2">
            {content.updated}
          </Text>
        )}
        {content.intro && (
          <Text as="p" size="4" color="gray" mb="5">
            {content.intro}
          </Text>
        )}
        <Flex direction="column" gap="4">
          {(live ? content.sections.map(live) : content.sections).map((s) => (
            <Card key={s.heading} size="3" asChild>
              <section>
                <Heading as="h2" size="5" mb="3">
                  {s.heading}
                </Heading>
                {s.paragraphs?.map((p) => (
                  <Text as="p" key={p} mb="2">
                    {p}
                  </Text>
                ))}
                {s.table && (
                  <Box className="table-scroll" my="3">
                    <Table.Root variant="surface">
                      <Table.Header>
                        <Table.Row>
                          {s.table.columns.map((c) => (
                            <Table.ColumnHeaderCell key={c}>{c}</Table.ColumnHeaderCell>
                          ))}
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {s.table.rows.map((r) => (
                          <Table.Row key={r.join('|')}>
                            {r.map((cell, i) =>
                              i === 0 ? <Table.RowHeaderCell key={i}>{cell}</Table.RowHeaderCell> : <Table.Cell key={i}>{cell}</Table.Cell>,
                            )}
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Box>
                )}
                {s.list && (
                  <ul>
                    {s.list.map((l) => (
                      <li key={l}>{l}</li>
                    ))}
                  </ul>
                )}
                {s.steps && (
                  <ol>
                    {s.steps.map((l) => (
                      <li key={l}>{l}</li>
                    ))}
                  </ol>
                )}
                {s.note && (
                  <Text as="p" size="2" color="gray" mt="2">
                    {s.note}
                  </Text>
                )}
                {s.contactLink && (
                  <Button asChild variant="soft" mt="3">
                    <Link to="/contact">{s.contactLink}</Link>
                  </Button>
                )}
              </section>
            </Card>
          ))}
        </Flex>
      </article>
    </Container>
  );
}
