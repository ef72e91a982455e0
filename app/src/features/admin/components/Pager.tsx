import { Button, Flex, Select, Text } from '@radix-ui/themes';
import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';

interface Props {
  page: number;
  pageSize: number;
  totalCount: number;
  onPage: (page: number) => void;
  /** When given, a page-size select with these options is shown. */
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
}

/** "1–10 of 42", previous and next, and optionally the rows-per-page select. */
export function Pager({ page, pageSize, totalCount, onPage, pageSizes, onPageSize }: Props) {
  const { t } = useTranslation('admin');
  const totalPages = Math.max(1, Math.ceil(totalCount / pageSize));
  const from = totalCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(totalCount, page * pageSize);
  return (
    <Flex asChild justify="end" align="center" gap="3" wrap="wrap" mt="3">
      <nav aria-label={t('pager.label')}>
        {pageSizes && onPageSize && (
          <Flex align="center" gap="2">
            <Text size="2" color="gray" id="page-size-label">
              {t('pager.rowsPerPage')}
            </Text>
            <Select.Root value={String(pageSize)} onValueChange={(v) => onPageSize(Number(v))} size="1">
              <Select.Trigger aria-labelledby="page-size-label" />
              <Select.Content position="popper">
                {pageSizes.map((s) => (
                  <Select.Item key={s} value={String(s)}>
                    {s}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        )}
        <Text size="2" aria-live="polite">
          {t('pager.range', { from, to, total: totalCount })}
        </Text>
        <Flex gap="2">
          <Button size="1" variant="soft" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('pager.previous')}>
            <ChevronLeftIcon />
          </Button>
          <Button size="1" variant="soft" disabled={page >= totalPages} onClick={() => onPage(page + 1)} aria-label={t('pager.next')}>
            <ChevronRightIcon />
          </Button>
        </Flex>
      </nav>
    </Flex>
  );
}
