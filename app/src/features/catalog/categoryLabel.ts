import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { catalogKeys } from '../../api/queryKeys';
import type { Category } from '../../api/types';

/** The shown categories as records (GET /api/categories), in the admin's order. */
export const categoryRecordsQuery = () =>
  queryOptions({
    queryKey: catalogKeys.categoryRecords,
    queryFn: ({ signal }) => api.get<Category[]>('/categories', { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * A category's name in the interface language: the record's own translation (an admin writes it
 * in /admin/categories), else the app's text for the four first categories, else the English name.
 */
export function useCategoryLabel(): (name: string) => string {
  const { t, i18n } = useTranslation('shop');
  const { data } = useQuery(categoryRecordsQuery());
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (name: string) => {
      const rec = data?.find((c) => c.name === name);
      return rec?.nameLocalized?.[lang] || t(`categories.${name}`, name);
    },
    [data, lang, t],
  );
}
