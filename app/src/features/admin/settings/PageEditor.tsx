import { useState } from 'react';
import { Box, Button, Card, Flex, Heading, Tabs, Text, TextArea, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminPage } from '../../../api/types';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../i18n/languages';
import { serverFieldErrors, type Problems } from '../../../lib/form';
import { PageBody } from '../../pages/PageBody';
import { describedBy, Field } from '../components/Field';
import { failureText } from '../messages';
import { savePage, type PageDraft } from './pagesApi';
import { texts } from './storeForm';
import { adminKeys, storeKeys } from '../../../api/queryKeys';

function draftOf(page?: AdminPage): PageDraft {
  return { slug: page?.slug ?? '', sortOrder: String(page?.sortOrder ?? 100), title: texts(page?.title), source: texts(page?.source) };
}

/** One page: its address (new pages), order, and per language a title and a Markdown text, with the saved page's preview. */
export function PageEditor({ page }: { page?: AdminPage }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<PageDraft>(() => draftOf(page));
  const [saved, setSaved] = useState<AdminPage | undefined>(page);
  const [errors, setErrors] = useState<Problems>({});
  const [lang, setLang] = useState<string>('en');
  const save = useMutation({
    mutationFn: () => savePage(draft, !!page),
    onSuccess: (p) => {
      setErrors({});
      setSaved(p);
      toast.success(t('settings.pages.saved'), TOAST_LONG);
      void client.invalidateQueries({ queryKey: adminKeys.pages });
      void client.invalidateQueries({ queryKey: storeKeys.all });
      if (!page) void navigate(`/admin/pages/${p.slug}`, { replace: true });
    },
    onError: (e) => {
      setErrors(serverFieldErrors(e));
      toast.error(failureText(t, e, 'settings.pages.saveFailed'), TOAST_LONG);
    },
  });
  const setText = (field: 'title' | 'source', value: string) => setDraft((d) => ({ ...d, [field]: { ...d[field], [lang]: value } }));
  const langError = (l: string) => errors[`title.${l}`] || errors[`source.${l}`];
  return (
    <form
      noValidate
      aria-label={page ? t('settings.pages.editTitle') : t('settings.pages.new')}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" wrap="wrap" gap="2">
          <Heading as="h3" size="4">
            {page ? t('settings.pages.editTitle') : t('settings.pages.new')}
          </Heading>
          <Link to="/admin/pages">{t('settings.pages.back')}</Link>
        </Flex>
        <Flex gap="3" wrap="wrap">
          <Box flexGrow="1" minWidth="14rem">
            <Field id="page-slug" label={t('settings.pages.address')} required error={errors.slug} hint={t('settings.pages.slugHint')}>
              <TextField.Root id="page-slug" value={draft.slug} disabled={!!page} onChange={(e) => setDraft({ ...draft, slug: e.target.value })} {...describedBy('page-slug', errors.slug, t('settings.pages.slugHint'))} />
            </Field>
          </Box>
          <Box width="10rem">
            <Field id="page-order" label={t('settings.pages.order')} error={errors.sortOrder}>
              <TextField.Root id="page-order" inputMode="numeric" value={draft.sortOrder} onChange={(e) => setDraft({ ...draft, sortOrder: e.target.value })} {...describedBy('page-order', errors.sortOrder)} />
            </Field>
          </Box>
        </Flex>
        <Tabs.Root value={lang} onValueChange={setLang}>
          <Tabs.List>
            {LANGUAGES.map((l) => (
              <Tabs.Trigger key={l} value={l}>
                {LANGUAGE_NAMES[l]}
                {langError(l) ? ' ⚠' : ''}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {LANGUAGES.map((l) => (
            <Tabs.Content key={l} value={l}>
              <Flex direction="column" gap="3" pt="3">
                <Field id={`page-title-${l}`} label={`${t('settings.pages.title')} (${LANGUAGE_NAMES[l]})`} required={l === 'en'} error={errors[`title.${l}`]}>
                  <TextField.Root id={`page-title-${l}`} lang={l} value={draft.title[l]} onChange={(e) => setText('title', e.target.value)} {...describedBy(`page-title-${l}`, errors[`title.${l}`])} />
                </Field>
                <Field id={`page-source-${l}`} label={`${t('settings.pages.text')} (${LANGUAGE_NAMES[l]})`} required={l === 'en'} error={errors[`source.${l}`]} hint={t('settings.pages.markdownHint')}>
                  <TextArea id={`page-source-${l}`} lang={l} rows={16} className="page-source" value={draft.source[l]} onChange={(e) => setText('source', e.target.value)} {...describedBy(`page-source-${l}`, errors[`source.${l}`], t('settings.pages.markdownHint'))} />
                </Field>
              </Flex>
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <Flex justify="end">
          <Button type="submit" size="3" loading={save.isPending}>
            {t('settings.pages.save')}
          </Button>
        </Flex>
        {saved?.body?.[lang] && (
          <Card size="2" aria-label={t('settings.pages.preview')} role="region">
            <Text as="p" size="1" color="gray" mb="2">
              {t('settings.pages.preview')}
            </Text>
            <div lang={lang}>
              <PageBody html={saved.body[lang]} />
            </div>
          </Card>
        )}
      </Flex>
    </form>
  );
}
