import { Box, Button, Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { resourceLanguage } from '../../i18n/languages';
import { TableRoot } from '../../components/TableRoot';

export interface InfoSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  steps?: string[];
  table?: { columns: string[]; rows: string[][] };
  note?: string;
  contactLink?: string;
}

/** The language of the `info` texts shown (resourceLanguage), for the lang attribute of what shows them. */
export function useInfoLanguage() {
  const { i18n } = useTranslation('info');
  return resourceLanguage(i18n.language, 'info');
}

/** Sections of paragraphs, lists, steps and tables, each a card. */
export function InfoSections({ sections }: { sections: InfoSection[] }) {
  return (
    <Flex direction="column" gap="4">
      {sections.map((s) => (
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
                <TableRoot variant="surface">
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
                </TableRoot>
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
  );
}
