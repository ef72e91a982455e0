import { Box, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { NativeSelect } from '../../../components/NativeSelect';
import { LoadError } from './LoadError';

interface Props<T, K extends QueryKey> {
  title: string;
  filterLabel: string;
  allLabel: string;
  statuses: readonly string[];
  statusLabel: (status: string) => string;
  filterTestId?: string;
  /** The list of one status ("" every one). */
  query: (status: string) => UseQueryOptions<T[], Error, T[], K>;
  loadError: string;
  empty: string;
  /** The table of a list that has rows. */
  children: (rows: T[]) => ReactNode;
}

/**
 * An admin list screen filtered by status, the status kept in the URL (?status=sent) so a
 * filtered list can be reloaded and shared: heading, filter, then loading, error, empty or rows.
 */
export function StatusList<T, K extends QueryKey>({ title, filterLabel, allLabel, statuses, statusLabel, filterTestId, query, loadError, empty, children }: Props<T, K>) {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const list = useQuery(query(status));
  return (
    <Box>
      <Flex justify="between" align="end" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="6">
          {title}
        </Heading>
        <label className="return-field">
          <Text size="2">{filterLabel}</Text>
          <NativeSelect value={status} onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})} data-testid={filterTestId}>
            <option value="">{allLabel}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </NativeSelect>
        </label>
      </Flex>
      {list.isPending && (
        <Flex justify="center" py="8" role="status" aria-label={t('loading')}>
          <Spinner size="3" />
        </Flex>
      )}
      {list.isError && <LoadError message={loadError} onRetry={() => void list.refetch()} />}
      {list.data && !list.data.length && <Text color="gray">{empty}</Text>}
      {list.data && list.data.length > 0 && children(list.data)}
    </Box>
  );
}
