import { Badge, Box, Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { CheckCircledIcon, CrossCircledIcon } from '@radix-ui/react-icons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '../../../api/client';
import { insightKeys } from '../../../api/queryKeys';

/** GET /api/admin/readiness (docs/api.md, Admin overview): the go-live checklist. */
interface Readiness {
  items: { key: string; ok: boolean; link: string }[];
}

const readinessQuery = queryOptions({
  queryKey: [...insightKeys.overview, 'readiness'] as const,
  queryFn: ({ signal }) => api.get<Readiness>('/admin/readiness', { signal }),
  // The owner fixes items on other screens (and in the dashboard, another tab): ask again on return.
  refetchOnWindowFocus: 'always',
});

/** Where an item is fixed: the shop's own screens by the router, PocketBase's dashboard as a page of its own. */
function FixLink({ to, label }: { to: string; label: string }) {
  if (to.startsWith('/_/')) {
    return (
      <Link href={to} target="_blank" rel="noopener noreferrer" size="2">
        {label}
      </Link>
    );
  }
  return (
    <Link asChild size="2">
      <RouterLink to={to}>{label}</RouterLink>
    </Link>
  );
}

/** The go-live checklist on the Overview: what the shop still lacks or has of the demo, each with the way to fix it. */
export function ReadinessCard() {
  const { t } = useTranslation('admin');
  const { data } = useQuery(readinessQuery);
  if (!data) return null;
  const ready = data.items.filter((i) => i.ok).length;
  const all = ready === data.items.length;
  return (
    // A section (a region named by its heading): Nu refuses aria-labelledby on the Card's plain div.
    <Card asChild data-testid="readiness">
      <section aria-labelledby="readiness-title">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h3" size="3" id="readiness-title">
          {t('overview.readiness.title')}
        </Heading>
        <Badge color={all ? 'green' : 'amber'} size="2" data-testid="readiness-count">
          {t('overview.readiness.count', { ready, total: data.items.length })}
        </Badge>
      </Flex>
      <Text as="p" size="2" color="gray" mb="3">
        {all ? t('overview.readiness.allReady') : t('overview.readiness.intro')}
      </Text>
      <ul className="plain-list readiness-list">
        {data.items.map((item) => (
          <li key={item.key} data-testid={`readiness-${item.key}`} data-ok={item.ok}>
            <Flex gap="2" align="start" py="1">
              <Box pt="1" flexShrink="0">
                {item.ok ? (
                  <CheckCircledIcon color="var(--green-11)" aria-hidden="true" />
                ) : (
                  <CrossCircledIcon color="var(--amber-11)" aria-hidden="true" />
                )}
              </Box>
              <Box flexGrow="1" minWidth="0">
                <Text as="div" size="2" weight="medium">
                  {t(`overview.readiness.items.${item.key}.label`, item.key)}{' '}
                  <Text size="1" color={item.ok ? 'green' : 'amber'}>
                    ({item.ok ? t('overview.readiness.ok') : t('overview.readiness.todo')})
                  </Text>
                </Text>
                {!item.ok && (
                  <Text as="div" size="2" color="gray">
                    {t(`overview.readiness.items.${item.key}.hint`, '')}{' '}
                    <FixLink to={item.link} label={t(`overview.readiness.items.${item.key}.fix`, t('overview.readiness.fix'))} />
                  </Text>
                )}
              </Box>
            </Flex>
          </li>
        ))}
      </ul>
      </section>
    </Card>
  );
}
