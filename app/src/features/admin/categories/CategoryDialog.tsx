import { ToggleField } from '../../../components/ToggleField';
import { useState, type FormEvent } from 'react';
import { Switch, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import type { Category } from '../../../api/types';
import { TOAST_LONG, useToastApi } from '../../../components/Toast';
import { describedBy, Field } from '../components/Field';
import { FormDialog } from '../components/FormDialog';
import { failureText } from '../messages';
import { PICTURE_ACCEPT, createCategory, payloadOf, pictureProblem, updateCategory, uploadPicture, type CategoryPayload } from './api';
import { adminKeys, catalogKeys } from '../../../api/queryKeys';

const EMPTY: CategoryPayload = { name: '', nameLocalized: {}, slug: '', imageFileName: '', hidden: false };

/** Add or edit a category: its name in each language, its address (slug), a picture and whether shoppers see it. */
export function CategoryDialog({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const toast = useToastApi();
  const queryClient = useQueryClient();
  const [v, setV] = useState<CategoryPayload>(category ? payloadOf(category) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const save = useMutation({
    mutationFn: (body: CategoryPayload) => (category ? updateCategory({ id: category.id, ...body }) : createCategory(body)),
    onSuccess: () => {
      toast.success(t(category ? 'categories.saved' : 'categories.created'), TOAST_LONG);
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
      onClose();
    },
    onError: (err) => {
      if (isApiError(err) && err.errors) setErrors(err.errors);
      toast.error(failureText(t, err, 'categories.saveError'), TOAST_LONG);
    },
  });
  const setName = (lang: string, text: string) =>
    setV((cur) => ({ ...cur, ...(lang === 'en' ? { name: text } : {}), nameLocalized: { ...cur.nameLocalized, [lang]: text } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!v.name.trim()) return setErrors({ name: t('categories.nameRequired') });
    save.mutate({ ...v, nameLocalized: { ...v.nameLocalized, en: v.name } });
  };
  const pickPicture = async (file: File | undefined) => {
    if (!file) return;
    if (pictureProblem(file)) return setErrors({ imageFileName: t('categories.pictureInvalid') });
    setUploading(true);
    try {
      const name = await uploadPicture(file);
      setV((cur) => ({ ...cur, imageFileName: name }));
    } catch (err) {
      toast.error(failureText(t, err, 'categories.pictureError'), TOAST_LONG);
    } finally {
      setUploading(false);
    }
  };
  const name = (lang: 'en' | 'ru' | 'zh') => {
    const id = `category-name-${lang}`;
    const error = lang === 'en' ? errors.name : errors[`nameLocalized.${lang}`];
    return (
      <Field id={id} label={t(`categories.name.${lang}`)} required={lang === 'en'} error={error}>
        <TextField.Root id={id} value={lang === 'en' ? v.name : (v.nameLocalized[lang] ?? '')} onChange={(e) => setName(lang, e.target.value)} {...describedBy(id, error)} />
      </Field>
    );
  };
  return (
    <FormDialog title={t(category ? 'categories.editTitle' : 'categories.addTitle')} hint={t('categories.formHint')} maxWidth="480px" busy={save.isPending} saveDisabled={uploading} onClose={onClose} onSubmit={submit}>
      {name('en')}
      {name('ru')}
      {name('zh')}
      <Field id="category-slug" label={t('categories.slug')} error={errors.slug} hint={t('categories.slugHint')}>
        <TextField.Root id="category-slug" value={v.slug} onChange={(e) => setV({ ...v, slug: e.target.value })} {...describedBy('category-slug', errors.slug, t('categories.slugHint'))} />
      </Field>
      <Field id="category-picture" label={t('categories.picture')} error={errors.imageFileName}>
        <input id="category-picture" type="file" accept={PICTURE_ACCEPT} disabled={uploading} onChange={(e) => void pickPicture(e.target.files?.[0])} />
      </Field>
      {v.imageFileName && (
        <Text size="1" color="gray">
          {t('categories.pictureSet')}
        </Text>
      )}
      <ToggleField label={t('categories.hideLabel')} control={(id) => <Switch id={id} checked={v.hidden} onCheckedChange={(hidden) => setV({ ...v, hidden })} />} />
    </FormDialog>
  );
}
