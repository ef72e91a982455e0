import type { ReactNode } from 'react';
import { Flex, Spinner, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { LoadError } from './LoadError';

interface Props {
  query: { isError: boolean; isPending: boolean; refetch: () => unknown };
  loadError: string;
  count: number;
  /** Shown when the list loaded and is empty. */
  empty: ReactNode;
  children: ReactNode;
}

/** An admin list's states: a failed load with a retry, a spinner on the first load, the empty text, else the list. */
export function ListState({ query, loadError, count, empty, children }: Props) {
  const { t } = useTranslation('admin');
  return (
    <>
      {query.isError && <LoadError message={loadError} onRetry={() => void query.refetch()} />}
      {query.isPending ? (
        <Flex justify="center" py="8" role="status" aria-label={t('loading')}>
          <Spinner size="3" />
        </Flex>
      ) : count === 0 ? (
        !query.isError && empty
      ) : (
        children
      )}
    </>
  );
}

/** The grey line an empty admin list shows. */
export function EmptyListText({ children }: { children: ReactNode }) {
  return (
    <Text as="p" color="gray" align="center" my="8">
      {children}
    </Text>
  );
}
