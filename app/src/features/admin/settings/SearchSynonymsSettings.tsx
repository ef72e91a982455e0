import { useState } from 'react';
import { Button, Card, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { adminKeys } from '../../../api/queryKeys';
import type { SearchSynonyms } from '../../../api/types';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { serverFieldErrors, type Problems } from '../../../lib/form';
import { describedBy, Field } from '../components/Field';
import { LoadError } from '../components/LoadError';
import { failureText } from '../messages';

const searchSynonymsQuery = () =>
  queryOptions({ queryKey: adminKeys.searchSynonyms, queryFn: ({ signal }) => api.get<SearchSynonyms>('/admin/search/synonyms', { signal }) });

/** The groups as the owner edits them: one group a line, its words separated by commas. */
function groupsToText(groups: string[][]): string {
  return groups.map((g) => g.join(', ')).join('\n');
}

/** The lines of the text as groups (Chinese and full-width commas too); empty words are left out. */
export function textToGroups(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.split(/[,，、;；]/).map((w) => w.trim()).filter(Boolean))
    .filter((g) => g.length > 0);
}

/** Settings > Search: the synonyms search treats as one word (麦克风 = microphone = микрофон). */
export function SearchSynonymsSettings() {
  const { t } = useTranslation('admin');
  const query = useQuery(searchSynonymsQuery());
  if (query.isError) return <LoadError message={t('settings.loadFailed')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Text color="gray">{t('settings.loading')}</Text>;
  return <SynonymsForm groups={query.data.groups} />;
}

function SynonymsForm({ groups }: { groups: string[][] }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const client = useQueryClient();
  const [text, setText] = useState(() => groupsToText(groups));
  const [errors, setErrors] = useState<Problems>({});
  const save = useMutation({
    mutationFn: () => api.put<SearchSynonyms>('/admin/search/synonyms', { groups: textToGroups(text) }),
    onSuccess: (saved) => {
      setErrors({});
      client.setQueryData(adminKeys.searchSynonyms, saved);
      setText(groupsToText(saved.groups));
      toast.success(t('settings.search.saved'), TOAST_LONG);
    },
    onError: (e) => {
      setErrors(serverFieldErrors(e));
      toast.error(failureText(t, e, 'settings.search.saveFailed'), TOAST_LONG);
    },
  });
  const hint = t('settings.search.hint');
  return (
    <Card size="2">
      <form noValidate aria-label={t('settings.search.title')} onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3">
            {t('settings.search.title')}
          </Heading>
          <Text as="p" size="2" color="gray">
            {t('settings.search.intro')}
          </Text>
          <Field id="search-synonyms" label={t('settings.search.groups')} error={errors.groups} hint={hint}>
            <TextArea
              id="search-synonyms"
              rows={12}
              value={text}
              placeholder="microphone, mic, микрофон, 麦克风, 话筒"
              onChange={(e) => setText(e.target.value)}
              {...describedBy('search-synonyms', errors.groups, hint)}
            />
          </Field>
          <Flex justify="end">
            <Button type="submit" loading={save.isPending}>
              {t('settings.search.save')}
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
