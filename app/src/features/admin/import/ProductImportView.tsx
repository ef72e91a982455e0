import { useState } from 'react';
import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { DownloadIcon, UploadIcon } from '@radix-ui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { failureText } from '../messages';
import { downloadProductsCsv, importProgress, importProducts, type ImportResult } from './api';
import { ImportErrors } from './ImportErrors';
import { adminKeys, catalogKeys } from '../../../api/queryKeys';

/** While an import's request is open, how far the server got: rows checked or written, errors so far (polled every second). */
function ImportProgressLine({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  const { data } = useQuery({
    queryKey: adminKeys.importProgress,
    queryFn: ({ signal }) => importProgress(signal),
    enabled: active,
    refetchInterval: active ? 1000 : false,
  });
  if (!active || !data?.running || data.rows === 0) return null;
  return (
    <Text size="2" role="status">
      {t(data.phase === 'writing' ? 'import.progressWriting' : 'import.progressChecking', { done: data.rowsDone, rows: data.rows, count: data.errors })}
    </Text>
  );
}

/**
 * /admin/products/import: download the products as CSV, upload a file, see the dry run (every
 * row's problems, or what would be created and updated) and only then confirm the import.
 */
export function ProductImportView() {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const exportCsv = useMutation({ mutationFn: downloadProductsCsv, onError: (err) => toast.error(failureText(t, err, 'import.exportError'), TOAST_LONG) });
  const dryRun = useMutation({
    mutationFn: (f: File) => importProducts(f, true),
    onSuccess: (r) => setCheck(r),
    onError: (err) => toast.error(failureText(t, err, 'import.checkError'), TOAST_LONG),
  });
  const run = useMutation({
    mutationFn: (f: File) => importProducts(f, false),
    onSuccess: (r) => {
      if (r.errors.length > 0) return setCheck(r);
      setDone(r);
      setCheck(null);
      setFile(null);
      toast.success(t('import.done', { created: r.created, updated: r.updated }), TOAST_LONG);
      void queryClient.invalidateQueries({ queryKey: adminKeys.products });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
    },
    onError: (err) => toast.error(failureText(t, err, 'import.runError'), TOAST_LONG),
  });
  const choose = (f: File | null) => {
    setFile(f);
    setCheck(null);
    setDone(null);
    if (f) dryRun.mutate(f);
  };
  const ready = check && check.errors.length === 0 && file;
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="5">
          {t('import.title')}
        </Heading>
        <Button variant="soft" asChild>
          <Link to="/admin">{t('import.backToProducts')}</Link>
        </Button>
      </Flex>
      <Card>
        <Flex direction="column" gap="3">
          <Text size="2">{t('import.intro')}</Text>
          <Flex gap="3" wrap="wrap" align="center">
            <Button variant="outline" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
              <DownloadIcon /> {t('import.export')}
            </Button>
          </Flex>
          <Text as="label" htmlFor="import-file" size="2" weight="medium">
            {t('import.file')}
          </Text>
          <input id="import-file" type="file" accept=".csv,text/csv" onChange={(e) => choose(e.target.files?.[0] ?? null)} />
          {dryRun.isPending && <Text size="2">{t('import.checking')}</Text>}
          <ImportProgressLine active={dryRun.isPending || run.isPending} />
        </Flex>
      </Card>
      {check && check.errors.length > 0 && <ImportErrors errors={check.errors} />}
      {ready && (
        <Callout.Root color="green">
          <Callout.Text>{t('import.ready', { rows: check.rows, created: check.created, updated: check.updated })}</Callout.Text>
        </Callout.Root>
      )}
      {ready && (
        <Flex>
          <Button onClick={() => run.mutate(file)} loading={run.isPending}>
            <UploadIcon /> {t('import.confirm', { count: check.rows })}
          </Button>
        </Flex>
      )}
      {done && (
        <Callout.Root color="green" role="status">
          <Callout.Text>{t('import.done', { created: done.created, updated: done.updated })}</Callout.Text>
        </Callout.Root>
      )}
    </Flex>
  );
}
